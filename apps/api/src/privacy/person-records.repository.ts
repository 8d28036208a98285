import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { Call } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { empty, join, sql } from '../database/sql';
import { likePattern } from '../database/like-pattern';
import { LEAD_PIPELINE_INCLUDE } from '../leads/outputs/lead.output';
import type { PersonKey } from './person-key';
import type { PersonMentions } from './person-mentions';

/** Jobs read at a time while redacting: each keeps at most 100 refusals. */
const JOBS_PER_PAGE = 200;

type Db = TransactionClient;

/** A merge record of the person: the two leads as they were, before one was merged into the other. */
export interface PersonMerge {
  id: string;
  keptLeadId: string;
  mergedLeadId: string;
  leads: { phone: string | null; email: string | null; name: string }[];
}

/** What an erasure removed: ids, and how many rows of each table. */
export interface ErasedRecords {
  leadIds: string[];
  callIds: string[];
  deleted: Record<string, number>;
}

/**
 * Everything stored about one person, across tables: the leads with their phone or email,
 * their calls (and calls from that number no lead holds), WhatsApp messages, notes, tags, activity, the job
 * selections that name them and the stored webhook messages that carry them. The access
 * archive reads it; an erasure deletes it.
 */
@Injectable()
export class PersonRecordsRepository {
  constructor(private readonly database: Database) {}

  /**
   * The person's leads, oldest first: those with their phone or email, and those a lead of theirs
   * was merged into (while the merge can be undone, its record says so).
   */
  async findLeads(person: PersonKey, db: Db = this.database.client) {
    const own = await db.lead.findMany({ where: { [person.kind]: person.value }, select: { id: true } });
    const merges = await this.findMerges(person, own.map(({ id }) => id), db);
    const ids = [...own.map(({ id }) => id), ...merges.map(({ keptLeadId }) => keptLeadId)];
    return db.lead.findMany({ where: { id: { in: ids } }, include: LEAD_PIPELINE_INCLUDE, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /**
   * The person's merge records: those in which either lead had their phone or email, and those
   * of the leads named, following a merge into a lead that was merged again.
   */
  async findMerges(person: PersonKey, leadIds: string[], db: Pick<Db, '$queryRaw'> = this.database.client): Promise<PersonMerge[]> {
    // Each lead is kept as JSON text with every column: the person's value is there as the column holds it.
    const held = likePattern(`"${person.kind}":${JSON.stringify(person.value)}`);
    const holding = sql`kept_lead LIKE ${held} ESCAPE '\\' OR merged_lead LIKE ${held} ESCAPE '\\'`;
    const found = new Map<string, PersonMerge>();
    const named = new Set(leadIds);
    for (;;) {
      const ids = [...named];
      const naming = ids.length > 0 ? sql` OR kept_lead_id IN (${join(ids)}) OR merged_lead_id IN (${join(ids)})` : empty;
      const rows = await db.$queryRaw<{ id: string; keptLeadId: string; mergedLeadId: string; keptLead: string; mergedLead: string }[]>`
        SELECT id, kept_lead_id AS "keptLeadId", merged_lead_id AS "mergedLeadId", kept_lead AS "keptLead", merged_lead AS "mergedLead"
        FROM lead_merges WHERE ${holding}${naming}`;
      const fresh = rows.filter(({ id }) => !found.has(id));
      if (fresh.length === 0) return [...found.values()];
      for (const row of fresh) {
        const leads = [row.keptLead, row.mergedLead].map((json) => JSON.parse(json) as { phone: string | null; email: string | null; name: string });
        found.set(row.id, { id: row.id, keptLeadId: row.keptLeadId, mergedLeadId: row.mergedLeadId, leads: leads.map(({ phone, email, name }) => ({ phone, email, name })) });
        named.add(row.keptLeadId).add(row.mergedLeadId);
      }
    }
  }

  /** Their calls: those of their leads, and those from their numbers that no lead holds. */
  findCalls(leadIds: string[], phones: string[], db: Pick<Db, 'call'> = this.database.client): Promise<Call[]> {
    return db.call.findMany({
      where: { OR: [{ leadId: { in: leadIds } }, { customerNumber: { in: phones } }] },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Vapi's ids of the chats their leads were made or updated by (Vapi keeps what was said until asked to delete it). */
  async findChatSessionIds(leadIds: string[], db: Pick<Db, 'chatSession'>): Promise<string[]> {
    const chats = await db.chatSession.findMany({ where: { leadId: { in: leadIds } }, select: { vapiSessionId: true }, orderBy: { vapiSessionId: 'asc' } });
    return chats.map(({ vapiSessionId }) => vapiSessionId);
  }

  /** Their leads' WhatsApp messages, both ways, oldest first. */
  findWhatsappMessages(leadIds: string[]) {
    return this.database.client.whatsappMessage.findMany({ where: { leadId: { in: leadIds } }, orderBy: [{ sentAt: 'asc' }, { id: 'asc' }] });
  }

  findNotes(leadIds: string[]) {
    return this.database.client.leadNote.findMany({
      where: { leadId: { in: leadIds } },
      include: { author: { select: { id: true, name: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Their leads' tasks (visits, calls, meetings), with the property and the member each is for. */
  findTasks(leadIds: string[]) {
    return this.database.client.task.findMany({
      where: { leadId: { in: leadIds } },
      include: { assignee: { select: { id: true, name: true } }, property: { select: { id: true, name: true } } },
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
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
   * Notes, tags, tasks and activity go with the lead (foreign keys ON DELETE CASCADE); calls keep
   * their rows when a lead goes (SET NULL), so they are deleted here, as are job selections
   * and merge records (no foreign key) and stored webhook messages about their calls, made into their leads, or carrying
   * their phone or email (the raw payload holds the transcript), the inbound API's records of their deliveries, and their chats.
   */
  async erase(leadIds: string[], calls: Call[], identifiers: PersonKey[], mergeIds: string[], db: Db): Promise<ErasedRecords> {
    const vapiCallIds = calls.map(({ vapiCallId }) => vapiCallId);
    const deleted: Record<string, number> = {};
    deleted.webhook_events = await this.deleteWebhookEvents(vapiCallIds, identifiers, leadIds, db);
    deleted.inbound_deliveries = (await db.inboundDelivery.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    // A finished chat keeps its result (the whole conversation) with the lead it made.
    deleted.chat_sessions = (await db.chatSession.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.job_items = (await db.jobItem.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.calls = (await db.call.deleteMany({ where: { id: { in: calls.map(({ id }) => id) } } })).count;
    deleted.lead_notes = (await db.leadNote.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.lead_tags = (await db.leadTag.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    // What they wrote on WhatsApp and what was sent to them (the outbox rows too).
    deleted.whatsapp_messages = (await db.whatsappMessage.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    // Their visits and follow-ups: the notes and outcomes staff wrote about them go too.
    deleted.tasks = (await db.task.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    deleted.lead_activities = (await db.leadActivity.deleteMany({ where: { leadId: { in: leadIds } } })).count;
    // A merge record holds the leads as they were: it cannot be undone without them, and it is the person's too.
    deleted.lead_merges = (await db.leadMerge.deleteMany({ where: { id: { in: mergeIds } } })).count;
    // Whatever else a later table links to a lead by foreign key goes with it (ON DELETE CASCADE).
    deleted.leads = (await db.lead.deleteMany({ where: { id: { in: leadIds } } })).count;
    return { leadIds, callIds: calls.map(({ id }) => id), deleted };
  }

  /**
   * Blanks the person out of records that are not theirs and outlive them: saved views (a view
   * named after them, a search for their number) and jobs (an import's refusals and errors).
   * Answers how many rows of each table changed.
   */
  async redactMentions(mentions: PersonMentions, db: Db): Promise<Record<string, number>> {
    return { saved_views: await this.redactSavedViews(mentions, db), jobs: await this.redactJobErrors(mentions, db) };
  }

  /** Every view: a team keeps dozens, and a search is free text that no index could find the person in. */
  private async redactSavedViews(mentions: PersonMentions, db: Db): Promise<number> {
    let changed = 0;
    for (const view of await db.savedView.findMany({ select: { id: true, name: true, filter: true } })) {
      const name = mentions.redacted(view.name);
      const filter = mentions.redactedJson(view.filter);
      if (name === view.name && filter === view.filter) continue;
      await db.savedView.update({ where: { id: view.id }, data: { name, filter } });
      changed += 1;
    }
    return changed;
  }

  /** The jobs that refused rows or failed, a page at a time: only those hold free text. */
  private async redactJobErrors(mentions: PersonMentions, db: Db): Promise<number> {
    let changed = 0;
    let after: string | undefined;
    for (;;) {
      const jobs = await db.job.findMany({
        where: { OR: [{ errors: { not: '[]' } }, { error: { not: null } }], ...(after ? { id: { gt: after } } : {}) },
        select: { id: true, errors: true, error: true },
        orderBy: { id: 'asc' },
        take: JOBS_PER_PAGE,
      });
      for (const job of jobs) {
        const errors = mentions.redactedJson(job.errors);
        const error = job.error === null ? null : mentions.redacted(job.error);
        if (errors === job.errors && error === job.error) continue;
        await db.job.update({ where: { id: job.id }, data: { errors, error } });
        changed += 1;
      }
      if (jobs.length < JOBS_PER_PAGE) return changed;
      after = jobs.at(-1)!.id;
    }
  }

  private async deleteWebhookEvents(vapiCallIds: string[], identifiers: PersonKey[], leadIds: string[], db: Db): Promise<number> {
    // A phone by its digits, with or without the + before them (WhatsApp writes numbers without it).
    const carried = identifiers.map((key) =>
      key.kind === 'email' ? sql`LOWER(payload) LIKE ${likePattern(key.value)} ESCAPE '\\'` : sql`payload LIKE ${likePattern(key.value.replace(/^\+/, ''))} ESCAPE '\\'`,
    );
    const byCall = vapiCallIds.length ? [sql`vapi_call_id IN (${join(vapiCallIds)})`] : [];
    // A lead channel's delivery holds the person as the sender spelt them (a phone with spaces): found by the lead it made.
    const byLead = leadIds.length ? [sql`lead_id IN (${join(leadIds)})`] : [];
    const conditions = [...byCall, ...byLead, ...carried];
    if (conditions.length === 0) return 0;
    return db.$executeRaw`DELETE FROM webhook_events WHERE ${join(conditions, ' OR ')}`;
  }
}
