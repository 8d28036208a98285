import { Injectable } from '@nestjs/common';
import { assignmentSettingsSchema, type AssignmentSettings } from '@lead-desk/contracts';
import { Database } from '../database/database';
import { JsonAppSetting } from './json-app-setting';
import type { TransactionClient } from '../database/prisma-client';

const ASSIGNMENT_KEY = 'assignment';

/**
 * Until an admin turns round-robin on, new leads stay unassigned: turning it on changes
 * what agents see (their own leads and the unassigned ones), so it is the team's decision.
 */
export const DEFAULT_ASSIGNMENT: AssignmentSettings = { mode: 'off' };

type Db = Pick<TransactionClient, 'appSetting'>;

/** The only place that reads and writes the assignment setting (app_settings, key `assignment`). */
@Injectable()
export class AssignmentSettingsRepository {
  private readonly setting = new JsonAppSetting(ASSIGNMENT_KEY, assignmentSettingsSchema, DEFAULT_ASSIGNMENT);

  constructor(private readonly database: Database) {}

  /** The setting as `db` sees it: inside a lead's transaction, the one that decides its routing. */
  read(db: Db = this.database.client): Promise<AssignmentSettings> {
    return this.setting.read(db);
  }

  write(settings: AssignmentSettings): Promise<AssignmentSettings> {
    return this.setting.write(settings, this.database.client);
  }
}
