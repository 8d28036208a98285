import { Injectable } from '@nestjs/common';
import { assignmentSettingsSchema, type AssignmentSettings } from '@lead-desk/contracts';
import { Database } from '../database/database';
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
  constructor(private readonly database: Database) {}

  /** The setting as `db` sees it: inside a lead's transaction, the one that decides its routing. */
  async read(db: Db = this.database.client): Promise<AssignmentSettings> {
    const row = await db.appSetting.findUnique({ where: { key: ASSIGNMENT_KEY } });
    return row ? assignmentSettingsSchema.parse(JSON.parse(row.value)) : DEFAULT_ASSIGNMENT;
  }

  async write(settings: AssignmentSettings): Promise<AssignmentSettings> {
    const value = JSON.stringify(settings);
    await this.database.client.appSetting.upsert({ where: { key: ASSIGNMENT_KEY }, create: { key: ASSIGNMENT_KEY, value }, update: { value } });
    return settings;
  }
}
