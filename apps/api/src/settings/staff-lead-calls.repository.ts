import { Injectable } from '@nestjs/common';
import { staffLeadCallsSchema, type StaffLeadCalls } from '@lead-desk/contracts';
import { Database } from '../database/database';
import { JsonAppSetting } from './json-app-setting';
import type { TransactionClient } from '../database/prisma-client';

const STAFF_LEAD_CALLS_KEY = 'staff-lead-calls';

/** Until an admin chooses, the leads staff create follow AUTO_CALLBACK, as a source that has not chosen does. */
export const DEFAULT_STAFF_LEAD_CALLS: StaffLeadCalls = { autoCall: null };

type Db = Pick<TransactionClient, 'appSetting'>;

/**
 * "The agent calls new leads" for leads staff create (Add Lead): an app setting (app_settings,
 * key `staff-lead-calls`) rather than a lead source, since such leads carry whatever source
 * staff type. The cadence reads it with `db` of the lead's own transaction.
 */
@Injectable()
export class StaffLeadCallsRepository {
  private readonly setting = new JsonAppSetting(STAFF_LEAD_CALLS_KEY, staffLeadCallsSchema, DEFAULT_STAFF_LEAD_CALLS);

  constructor(private readonly database: Database) {}

  read(db: Db = this.database.client): Promise<StaffLeadCalls> {
    return this.setting.read(db);
  }

  write(settings: StaffLeadCalls): Promise<StaffLeadCalls> {
    return this.setting.write(settings, this.database.client);
  }
}
