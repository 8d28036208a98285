import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { Call } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { join, sql } from '../database/sql';
import { likePattern } from '../database/like-pattern';
import { LEAD_PIPELINE_INCLUDE } from '../leads/outputs/lead.output';
import type { PersonKey } from './person-key';

type Db = TransactionClient;

/** What an erasure removed: ids, and how many rows of each table. */
export interface ErasedRecords {
  leadIds: string[];
  callIds: string[];
  deleted: Record<string, number>;
}

/**
 * Everything stored about one person, across tables: the leads with their phone or email,
 * their calls (and calls from that number no lead holds), notes, tags, activity, the job
 * selections that name them and the stored webhook messages that carry them. The access
 * archive reads it; an erasure deletes it.
 */
@Injectable()
export class PersonRecordsRepository {
  constructor(private readonly database: Database) {}

  /** The person's leads, oldest first. */
  findLeads(person: PersonKey, db: Pick<Db, 'lead'> = this.database.client) {
    return db.lead.findMany({ where: { [person.kind]: person.value }, include: LEAD_PIPELINE_INCLUDE, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Their calls: those of their leads, and those from their numbers that no lead holds. */
  findCalls(leadIds: string[], phones: string[], db: Pick<Db, 'call'> = this.database.client): Promise<Call[]> {
    return db.call.findMany({
      where: { OR: [{ leadId: { in: leadIds } }, { customerNumber: { in: phones } }] },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  findNotes(leadIds: string[]) {
    return this.database.client.leadNote.findMany({
      where: { leadId: { in: leadIds } },
      include: { author: { select: { id: true, name: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  findActivity(leadIds: string[]) {
    return this.database.client.leadActivity.findMany({
      where: { leadId: { in: leadIds } },
      include: { actor: { select: { id: true, name: true } } },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * Deletes the person's leads and everything linked to them, in the caller's transaction.
   * Notes, tags and activity go with the lead (foreign keys ON DELETE CASCADE); calls keep
   * their rows when a lead goes (SET NULL), so they are deleted here, as are job selections
   * (no foreign key) and stored webhook messages about their calls or carrying their phone
   * or email (the raw payload holds the transcript).
   */
  async erase(leadIds: string[], calls: Call[], identifiers: PersonKey[], db: Db): Promise<ErasedRecords> {
    const vapiCallIds = calls.map(({ vapiCallId }) => vapiCallId);
    const deleted: Record<string, number> = {};
    deleted.webhook_events = await this.deleteWebhookEvents(vapiCallIds, identifiers, db);
    deleted.job_items = (await db.jobItem.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.calls = (await db.call.deleteMany({ where: { id: { in: calls.map(({ id }) => id) } } })).count;
    deleted.lead_notes = (await db.leadNote.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.lead_tags = (await db.leadTag.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.lead_activities = (await db.leadActivity.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    // Whatever else a later table links to a lead by foreign key goes with it (ON DELETE CASCADE).
    deleted.leads = (await db.lead.deleteMany({ where: { id: { in: leadIds } } })).count;
    return { leadIds, callIds: calls.map(({ id }) => id), deleted };
  }

  private async deleteWebhookEvents(vapiCallIds: string[], identifiers: PersonKey[], db: Db): Promise<number> {
    const carried = identifiers.map((key) =>
      key.kind === 'email' ? sql`LOWER(payload) LIKE ${likePattern(key.value)} ESCAPE '\\'` : sql`payload LIKE ${likePattern(key.value)} ESCAPE '\\'`,
    );
    const byCall = vapiCallIds.length ? [sql`vapi_call_id IN (${join(vapiCallIds)})`] : [];
    const conditions = [...byCall, ...carried];
    if (conditions.length === 0) return 0;
    return db.$executeRaw`DELETE FROM webhook_events WHERE ${join(conditions, ' OR ')}`;
  }
}
