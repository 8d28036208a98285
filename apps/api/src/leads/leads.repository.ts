import { Injectable } from '@nestjs/common';
import { Database, type VersionedReads } from '../database/database';
import type { ColumnType } from '../database/database-dialect';
import type { Lead, LeadUncheckedCreateInput, LeadWhereInput, StoredLead } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { empty, join, raw, sql, type Sql } from '../database/sql';
import { countsCache } from '../database/counts-cache';
import type { LeadRow } from './lead-row';
import type { LeadStats } from '@lead-desk/contracts';
import type { ResolvedLeadFilter } from './lead-list-filter';
import type { LeadCursor } from './lead-cursor';
import type { LeadColumns } from './lead-columns';
import { leadSearchTargets } from './lead-search';
import { emailIdentityKey } from './identity/email-identity-key';
import { identityKeyColumns, type IdentityKeyColumns } from './identity/identity-key-columns';
import type { LeadAccess } from './access/lead-access';
import { leadAccessConditions, leadAccessKey } from './access/lead-access-condition';
import { LEAD_PIPELINE_INCLUDE, type LeadWithPipeline } from './outputs/lead.output';
import { DEFAULT_SOURCE, VOICE_BOT_SOURCE } from './lead-sources';
import { LeadTagPageConditions, tagSetCondition } from './lead-tag-conditions';
import { LeadSourcesRepository } from './sources/lead-sources.repository';
import { LeadResponseTimesRepository } from './response-times/lead-response-times.repository';
import { spellingsOf } from './sources/sources-in-use';
import type { DayCounts, StatsWindows } from './stats-windows';

/** A new lead's columns, its owner by id. */
export type LeadWrite = Omit<LeadUncheckedCreateInput, 'updatedAt' | 'responseTime'>;
/** When a new lead arrived, where its source said so itself (an inbound channel's own creation time); its creation otherwise. */
export interface Arrival {
  arrivedAt?: Date;
}
/** What a staff edit writes: the lead's own columns and where it stands in the pipeline. */
export type LeadPipelineChanges = LeadColumns &
  Partial<Pick<Lead, 'stageId' | 'ownerId' | 'lostReason' | 'archivedAt' | 'tags' | 'doNotCall' | 'doNotCallReason' | 'previouslyErasedAt'>>;
type Db = Pick<TransactionClient, 'lead' | 'stage' | '$queryRaw' | '$executeRaw'>;

/** Every column of a lead, named as the Prisma model names them. */
const LEAD_COLUMNS = sql`id, name, email, phone, location, qualified, source, interested_in AS "interestedIn",
  budget_amount AS "budgetAmount", budget_text AS "budgetText", timeline, loan_needed AS "loanNeeded",
  created_at AS "createdAt", updated_at AS "updatedAt", stage_id AS "stageId", owner_id AS "ownerId", lost_reason AS "lostReason",
  tags, version, archived_at AS "archivedAt", do_not_call AS "doNotCall", do_not_call_reason AS "doNotCallReason", previously_erased_at AS "previouslyErasedAt"`;

/** Each writable column: its name in SQL and its type (values in a VALUES list need one on PostgreSQL). */
const WRITABLE_COLUMNS: Record<keyof (LeadColumns & IdentityKeyColumns), [column: string, type: ColumnType]> = {
  name: ['name', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'text'],
  location: ['location', 'text'],
  qualified: ['qualified', 'boolean'],
  source: ['source', 'text'],
  interestedIn: ['interested_in', 'text'],
  budgetAmount: ['budget_amount', 'float'],
  budgetText: ['budget_text', 'text'],
  timeline: ['timeline', 'text'],
  loanNeeded: ['loan_needed', 'boolean'],
  emailKey: ['email_key', 'text'],
  nameKey: ['name_key', 'text'],
  locationKey: ['location_key', 'text'],
};

/** The only place that queries the leads table. */
@Injectable()
export class LeadsRepository {
  /** Exact counts per filter, until the leads table changes (then the previous one while a slow recount runs). */
  private readonly counts = countsCache<number>(LeadsRepository.name);
  /** Board column counts per filter, kept as the counts. */
  private readonly boardCounts = countsCache<{ stageId: string; count: number }[]>(LeadsRepository.name);
  /** The dashboard's aggregates per time window, kept as the counts. */
  private readonly statsByWindows = countsCache<LeadStats>(LeadsRepository.name, 50);
  private readonly dailyCountsByDays = countsCache<DayCounts[]>(LeadsRepository.name, 50);

  private readonly tagPageConditions: LeadTagPageConditions;

  constructor(
    private readonly database: Database,
    private readonly sources: LeadSourcesRepository,
    private readonly responseTimes: LeadResponseTimesRepository,
  ) {
    this.tagPageConditions = new LeadTagPageConditions(database);
  }

  /**
   * Leads in list order (newest first) after `after`, keyset-paginated: no OFFSET scans.
   * One query, through the read side: the page is chosen from leads alone (its indexes),
   * then only its rows are joined to their stage and owner.
   */
  async findPage(filter: ResolvedLeadFilter, access: LeadAccess, limit: number, after?: LeadCursor): Promise<LeadRow[]> {
    const conditions = await this.listConditions(filter, access, await this.tagPageConditions.conditions(filter.tag ?? []));
    if (after) conditions.push(sql`(created_at, id) < (${after.createdAt}, ${after.id})`);
    // Each name by its primary key: as a join, SQLite sometimes built an index over the page and sorted it again.
    const page = sql`
      SELECT page.*,
        (SELECT name FROM stages WHERE stages.id = page."stageId") AS "stageName",
        (SELECT kind FROM stages WHERE stages.id = page."stageId") AS "stageKind",
        (SELECT name FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerName",
        (SELECT email FROM staff_users WHERE staff_users.id = page."ownerId") AS "ownerEmail"
      FROM (SELECT ${LEAD_COLUMNS} FROM leads ${where(conditions)} ORDER BY created_at DESC, id DESC LIMIT ${limit}) page
      ORDER BY page."createdAt" DESC, page.id DESC`;
    // On the replica when there is one: a page may miss the latest writes by the replay lag (README "Read replica").
    return this.database.rows<LeadRow>(page, 'replica');
  }

  /**
   * The conditions that select a filter's leads, of those the viewer may see, as the list's pages select them (the
   * CSV export and bulk selections use them too); a page passes its own tag conditions.
   */
  async listConditions(filter: ResolvedLeadFilter, access: LeadAccess, tags?: Sql[]): Promise<Sql[]> {
    const conditions = [...(await this.filterConditions(filter, tags)), ...leadAccessConditions(access)];
    if (filter.q) conditions.push(await this.database.searchCondition(leadSearchTargets(filter.q), 'page'));
    return conditions;
  }

  /** The exact number of leads matching the filter, counted once per filter while the table is unchanged. */
  async count(filter: ResolvedLeadFilter, access: LeadAccess): Promise<number> {
    const reads = await this.database.versionedReads(readsMembershipOnly(filter, access) ? 'leads_membership' : 'leads');
    return this.counts.get(filterKey(filter, access), reads.version, async () => {
      const [row] = await reads.rows<{ count: number }>(sql`SELECT COUNT(*) AS count FROM leads ${where(await this.countConditions(filter, access))}`);
      return row.count;
    });
  }

  /** How many leads of the filter each stage holds (stages without any are left out), counted once per filter while the table is unchanged. */
  async countByStage(filter: ResolvedLeadFilter, access: LeadAccess): Promise<Map<string, number>> {
    const reads = await this.versionedReads();
    const counts = await this.boardCounts.get(filterKey(filter, access), reads.version, async () =>
      reads.rows<{ stageId: string; count: number }>(
        sql`SELECT stage_id AS "stageId", COUNT(*) AS count FROM leads ${where(await this.countConditions(filter, access))} GROUP BY stage_id`,
      ),
    );
    return new Map(counts.map(({ stageId, count }) => [stageId, count]));
  }

  /** The list's conditions with the search as counts use it. */
  private async countConditions(filter: ResolvedLeadFilter, access: LeadAccess): Promise<Sql[]> {
    const conditions = [...(await this.filterConditions(filter)), ...leadAccessConditions(access)];
    if (filter.q) conditions.push(await this.database.searchCondition(leadSearchTargets(filter.q), 'count'));
    return conditions;
  }

  /** The leads table's version (the caches above last until it changes), and reads at least as fresh, on the replica when there is one. */
  private versionedReads(): Promise<VersionedReads> {
    return this.database.versionedReads('leads');
  }

  /** The dashboard's stats (archived leads aside), computed once per time window while the leads table is unchanged. */
  async stats(windows: StatsWindows, access: LeadAccess): Promise<LeadStats> {
    const reads = await this.versionedReads();
    return this.statsByWindows.get(JSON.stringify([windows, leadAccessKey(access)]), reads.version, () => this.computeStats(windows, access, reads));
  }

  private async computeStats(windows: StatsWindows, access: LeadAccess, reads: VersionedReads): Promise<LeadStats> {
    const { thisMonthStart, nextMonthStart, lastMonthStart, todayStart, tomorrowStart } = windows;
    const thisMonth = sql`created_at >= ${thisMonthStart} AND created_at < ${nextMonthStart}`;
    const lastMonth = sql`created_at >= ${lastMonthStart} AND created_at < ${thisMonthStart}`;
    const [row] = await reads.rows<Record<Exclude<keyof LeadStats, 'unqualified'>, number>>(sql`
      SELECT
        COUNT(*) AS total,
        COUNT(CASE WHEN qualified = ${true} THEN 1 END) AS qualified,
        COUNT(CASE WHEN ${thisMonth} THEN 1 END) AS "thisMonth",
        COUNT(CASE WHEN ${lastMonth} THEN 1 END) AS "lastMonth",
        COUNT(CASE WHEN qualified = ${false} AND ${thisMonth} THEN 1 END) AS "unqualifiedThisMonth",
        COUNT(CASE WHEN qualified = ${false} AND ${lastMonth} THEN 1 END) AS "unqualifiedLastMonth",
        COUNT(CASE WHEN source = ${VOICE_BOT_SOURCE} AND created_at >= ${todayStart} AND created_at < ${tomorrowStart}
          THEN 1 END) AS "processedToday"
      FROM leads ${where([sql`archived_at IS NULL`, ...leadAccessConditions(access)])}`);
    return {
      total: row.total,
      qualified: row.qualified,
      unqualified: row.total - row.qualified,
      thisMonth: row.thisMonth,
      lastMonth: row.lastMonth,
      unqualifiedThisMonth: row.unqualifiedThisMonth,
      unqualifiedLastMonth: row.unqualifiedLastMonth,
      processedToday: row.processedToday,
    };
  }

  /**
   * Qualified and unqualified leads per day for contiguous days (each `[start, end)`):
   * one range scan of the creation index, bucketed by a CASE over the day boundaries,
   * which both databases run without time zone support of their own.
   */
  async countPerDay(days: { start: Date; end: Date }[], access: LeadAccess): Promise<DayCounts[]> {
    const reads = await this.versionedReads();
    return this.dailyCountsByDays.get(JSON.stringify([days, leadAccessKey(access)]), reads.version, () => this.computeCountPerDay(days, access, reads));
  }

  private async computeCountPerDay(days: { start: Date; end: Date }[], access: LeadAccess, reads: VersionedReads): Promise<DayCounts[]> {
    const counts = days.map(() => ({ qualified: 0, unqualified: 0 }));
    if (days.length === 0) return counts;
    const dayIndex = join(
      // The index is a literal: a parameter would leave PostgreSQL guessing the CASE's type.
      days.map((day, index) => sql`WHEN created_at < ${day.end} THEN ${raw(String(index))}`),
      ' ',
    );
    const rows = await reads.rows<{ day: number; qualified: number; total: number }>(sql`
      SELECT CASE ${dayIndex} END AS day, COUNT(CASE WHEN qualified = ${true} THEN 1 END) AS qualified, COUNT(*) AS total
      FROM leads ${where([sql`created_at >= ${days[0].start} AND created_at < ${days.at(-1)!.end} AND archived_at IS NULL`, ...leadAccessConditions(access)])}
      GROUP BY 1`);
    for (const { day, qualified, total } of rows) counts[day] = { qualified, unqualified: total - qualified };
    return counts;
  }

  findById(id: string, db: Db = this.database.client): Promise<Lead | null> {
    return db.lead.findUnique({ where: { id } });
  }

  async isEmpty(): Promise<boolean> {
    return (await this.database.client.lead.findFirst({ select: { id: true } })) === null;
  }

  /** Leads with their stage and owner, as their JSON shows them. */
  findByIds(ids: string[], db: Db = this.database.client): Promise<LeadWithPipeline[]> {
    return db.lead.findMany({ where: { id: { in: ids } }, include: LEAD_PIPELINE_INCLUDE });
  }

  /** A lead with its stage and owner, as its JSON shows them. */
  findWithPipeline(id: string, db: Db = this.database.client): Promise<LeadWithPipeline | null> {
    return db.lead.findUnique({ where: { id }, include: LEAD_PIPELINE_INCLUDE });
  }

  /**
   * Writes a lead's changes only if it is still at `version`, and moves it to the next:
   * false (nothing written) when another writer got there first.
   */
  async updateAtVersion(id: string, version: number, changes: LeadPipelineChanges, db: Db): Promise<boolean> {
    const { count } = await db.lead.updateMany({ where: { id, version }, data: { ...changes, ...identityKeyColumns(changes), version: { increment: 1 } } });
    return count === 1;
  }

  /** Locks the leads until the transaction ends, as deleting them would: a note or call written for one of them meanwhile waits. */
  lockForChange(ids: string[], db: Db): Promise<void> {
    return this.database.lockRows('leads', ids, db);
  }

  /** The lead's row with every column, its identity keys too: what a merge keeps of it. */
  findStored(id: string, db: Db = this.database.client): Promise<StoredLead | null> {
    return db.lead.findUnique({ where: { id } });
  }

  /** Deletes the lead only if it is still at `version`: false (nothing deleted) when another writer got there first. */
  async deleteAtVersion(id: string, version: number, db: Db): Promise<boolean> {
    const { count } = await db.lead.deleteMany({ where: { id, version } });
    return count === 1;
  }

  /** Writes a lead's row back exactly as it was kept (every column, its version and times too). */
  async restore(row: StoredLead, db: Db): Promise<void> {
    await db.lead.create({ data: row });
    // Its response times went with it: it arrives again as it was created, the rest unknown.
    await this.responseTimes.recordArrivals([{ leadId: row.id, source: row.source, arrivedAt: row.createdAt }], db);
  }

  /** Writes a lead's row back exactly as it was kept, only if the lead is still at `version`: false when it is not. */
  async restoreAtVersion(row: StoredLead, version: number, db: Db): Promise<boolean> {
    const { id, ...columns } = row;
    const { count } = await db.lead.updateMany({ where: { id, version }, data: columns });
    return count === 1;
  }

  /** Marks the lead Do Not Call unless it already is (its reason then stays); true when this changed it. */
  async markDoNotCall(id: string, reason: string, db: Db): Promise<boolean> {
    const { count } = await db.lead.updateMany({ where: { id, doNotCall: false }, data: { doNotCall: true, doNotCallReason: reason, version: { increment: 1 } } });
    return count === 1;
  }

  /** A lead with its stage, owner and calls, newest first. */
  findWithCalls(id: string) {
    return this.database.client.lead.findUnique({
      where: { id },
      include: { ...LEAD_PIPELINE_INCLUDE, calls: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } },
    });
  }

  /**
   * Every lead with one of these ids, email keys (emailIdentityKey) or phones, in one query:
   * who the people of a batch may be. Whole leads, so that what a batch changes can be told
   * field by field. An email that is its own key (most are) also finds a lead stored before
   * identity keys existed, until IdentityKeysBackfill has keyed it.
   */
  findIdentities(keys: { ids: string[]; emailKeys: string[]; phones: string[] }, db: Db = this.database.client): Promise<Lead[]> {
    const matches: LeadWhereInput[] = [];
    if (keys.ids.length > 0) matches.push({ id: { in: [...new Set(keys.ids)] } });
    if (keys.emailKeys.length > 0) matches.push({ emailKey: { in: [...new Set(keys.emailKeys)] } }, { email: { in: [...new Set(keys.emailKeys)] } });
    if (keys.phones.length > 0) matches.push({ phone: { in: [...new Set(keys.phones)] } });
    if (matches.length === 0) return Promise.resolve([]);
    return db.lead.findMany({ where: { OR: matches } });
  }

  /** A new lead with its response-time row (nested: one write, even outside a transaction). */
  create(data: LeadWrite, db: Db = this.database.client, { arrivedAt }: Arrival = {}): Promise<LeadWithPipeline> {
    const createdAt = data.createdAt ? new Date(data.createdAt) : new Date();
    const responseTime = { create: { source: data.source ?? DEFAULT_SOURCE, arrivedAt: arrivedAt ?? createdAt } };
    return db.lead.create({ data: { ...data, createdAt, ...identityKeyColumns(data), responseTime }, include: LEAD_PIPELINE_INCLUDE });
  }

  /**
   * New leads, ids and times given, in one statement (raw: Prisma compiles every createMany anew, data included),
   * and their response-time rows in another: each arrived when it was created unless it says otherwise.
   */
  async createMany(leads: (Lead & Arrival)[], db: Db): Promise<void> {
    if (leads.length === 0) return;
    const rows = leads.map((lead) => {
      const { emailKey, nameKey, locationKey } = identityKeyColumns(lead);
      return sql`(${lead.id}, ${lead.name}, ${lead.email}, ${lead.phone}, ${lead.location}, ${lead.qualified}, ${lead.source},
        ${lead.interestedIn}, ${lead.budgetAmount}, ${lead.budgetText}, ${lead.timeline}, ${lead.loanNeeded}, ${lead.createdAt}, ${lead.updatedAt},
        ${lead.stageId}, ${lead.ownerId}, ${lead.lostReason}, ${lead.version}, ${lead.archivedAt}, ${lead.tags}, ${lead.doNotCall}, ${lead.doNotCallReason}, ${lead.previouslyErasedAt},
        ${emailKey}, ${nameKey}, ${locationKey})`;
    });
    await db.$executeRaw`
      INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in, budget_amount, budget_text, timeline,
        loan_needed, created_at, updated_at, stage_id, owner_id, lost_reason, version, archived_at, tags, do_not_call, do_not_call_reason, previously_erased_at,
        email_key, name_key, location_key)
      VALUES ${join(rows)}`;
    await this.responseTimes.recordArrivals(
      leads.map((lead) => ({ leadId: lead.id, source: lead.source, arrivedAt: lead.arrivedAt ?? lead.createdAt })),
      db,
    );
  }

  /** Gives each lead its owner: one statement per owner (a team has a handful of agents). */
  async assignOwners(leads: { id: string; ownerId: string | null }[], db: Db): Promise<void> {
    const byOwner = new Map<string, string[]>();
    for (const { id, ownerId } of leads) if (ownerId) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), id]);
    for (const [ownerId, ids] of byOwner) await db.lead.updateMany({ where: { id: { in: ids } }, data: { ownerId } });
  }

  /** Writes a lead's changes and counts them in its version (every writer does: an edit holding an older version is refused). */
  update(id: string, changes: LeadPipelineChanges, db: Db = this.database.client): Promise<Lead> {
    return db.lead.update({ where: { id }, data: { ...changes, ...identityKeyColumns(changes), version: { increment: 1 } } });
  }

  /**
   * Writes each lead's changed columns, and nothing else of it, with `updatedAt` and the
   * next version: one statement for all the leads changed in the same columns.
   */
  async updateMany(changes: Map<string, LeadColumns>, updatedAt: Date, db: Db): Promise<void> {
    const { dialect } = this.database;
    const byColumns = new Map<string, [string, LeadColumns & IdentityKeyColumns][]>();
    for (const [id, leadColumns] of changes) {
      const columns = { ...leadColumns, ...identityKeyColumns(leadColumns) };
      const key = Object.keys(columns).sort().join();
      const group = byColumns.get(key) ?? [];
      group.push([id, columns]);
      byColumns.set(key, group);
    }
    for (const leads of byColumns.values()) {
      const fields = Object.keys(leads[0][1]) as (keyof (LeadColumns & IdentityKeyColumns))[];
      const rows = leads.map(
        ([id, columns]) =>
          sql`(${join([dialect.typed(id, 'text'), ...fields.map((field) => dialect.typed(columns[field], WRITABLE_COLUMNS[field][1]))])})`,
      );
      const names = fields.map((field) => WRITABLE_COLUMNS[field][0]);
      const assignments = [...names.map((name) => sql`${raw(name)} = changed.${raw(name)}`), sql`updated_at = ${updatedAt}`, sql`version = leads.version + 1`];
      await db.$executeRaw`
        WITH changed (${raw(['id', ...names].join(', '))}) AS (VALUES ${join(rows)})
        UPDATE leads SET ${join(assignments)}
        FROM changed WHERE leads.id = changed.id`;
    }
  }

  /** Of these ids, those of leads the viewer may see (archived ones too). */
  async visibleIds(ids: string[], access: LeadAccess, db: Db): Promise<Set<string>> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM leads ${where([sql`id IN (${join(ids)})`, ...leadAccessConditions(access)])}`;
    return new Set(rows.map((row) => row.id));
  }

  /** Leads as a bulk action reads them: where they stand in the pipeline (with names), archived or not, their tags. */
  findBulkTargets(ids: string[], db: Db) {
    return db.lead.findMany({
      where: { id: { in: ids } },
      select: { id: true, stageId: true, ownerId: true, lostReason: true, archivedAt: true, tags: true, stage: { select: { name: true } }, owner: { select: { name: true } } },
    });
  }

  /** Gives many leads the same pipeline columns, each its next version: one statement. */
  async setPipelineMany(ids: string[], changes: Partial<Pick<Lead, 'stageId' | 'ownerId' | 'lostReason' | 'archivedAt'>>, updatedAt: Date, db: Db): Promise<void> {
    if (ids.length === 0) return;
    await db.lead.updateMany({ where: { id: { in: ids } }, data: { ...changes, updatedAt, version: { increment: 1 } } });
  }

  /** Gives each lead its own tag list (the column beside the lead; lead_tags is the caller's), each its next version: one statement. */
  async setTagsMany(tagsById: Map<string, string>, updatedAt: Date, db: Db): Promise<void> {
    if (tagsById.size === 0) return;
    const { dialect } = this.database;
    const rows = [...tagsById].map(([id, tags]) => sql`(${dialect.typed(id, 'text')}, ${dialect.typed(tags, 'text')})`);
    await db.$executeRaw`
      WITH changed (id, tags) AS (VALUES ${join(rows)})
      UPDATE leads SET tags = changed.tags, updated_at = ${updatedAt}, version = leads.version + 1
      FROM changed WHERE leads.id = changed.id`;
  }

  /** Leads with ids after `after` up to `until`, in id order, at most `limit`: what a backfill walks. */
  findByIdRange(after: string, until: string, limit: number, db: Db): Promise<Pick<Lead, 'id' | 'name' | 'email' | 'location' | 'createdAt'>[]> {
    return db.lead.findMany({
      where: { id: { gt: after, lte: until } },
      select: { id: true, name: true, email: true, location: true, createdAt: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  /** Writes each lead's identity keys from its name, email and location, changing nothing else of it (not its version: no one's data changed). */
  async fillIdentityKeys(leads: Pick<Lead, 'id' | 'name' | 'email' | 'location'>[], db: Db): Promise<void> {
    const { dialect } = this.database;
    const rows = leads.map(({ id, name, email, location }) => {
      const keys = identityKeyColumns({ name, email, location });
      return sql`(${join([id, keys.emailKey, keys.nameKey, keys.locationKey].map((value) => dialect.typed(value, 'text')))})`;
    });
    await db.$executeRaw`
      WITH keyed (id, email_key, name_key, location_key) AS (VALUES ${join(rows)})
      UPDATE leads SET email_key = keyed.email_key, name_key = keyed.name_key, location_key = keyed.location_key FROM keyed WHERE leads.id = keyed.id`;
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (db: TransactionClient) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }

  /**
   * Holds, until the transaction ends, a lock per identity (email by its identity key, phone),
   * so that two calls from one new caller cannot both create a lead.
   */
  lockIdentities(people: { email?: string | null; phone?: string | null }[], db: Db): Promise<void> {
    const keys = people.flatMap(({ email, phone }) => [...(email ? [`lead:${emailIdentityKey(email)}`] : []), ...(phone ? [`lead:${phone}`] : [])]);
    return this.database.lock(keys, db);
  }

  /** Everything of a filter but the search: archived or not, qualification, stage, owner, tags, source, creation days. */
  private async filterConditions(filter: ResolvedLeadFilter, tags = (filter.tag ?? []).map(tagSetCondition)): Promise<Sql[]> {
    const conditions = [filter.archived ? sql`archived_at IS NOT NULL` : sql`archived_at IS NULL`];
    if (filter.status !== 'all') conditions.push(sql`qualified = ${filter.status === 'qualified'}`);
    if (filter.stage) conditions.push(sql`stage_id = ${filter.stage}`);
    if (filter.owner === 'none') conditions.push(sql`owner_id IS NULL`);
    else if (filter.owner) conditions.push(sql`owner_id = ${filter.owner}`);
    // Every tag asked for must be on the lead.
    conditions.push(...tags);
    if (filter.source) conditions.push(await this.sourceCondition(filter.source, filter.archived));
    if (filter.createdFrom) conditions.push(sql`created_at >= ${filter.createdFrom}`);
    if (filter.createdBefore) conditions.push(sql`created_at < ${filter.createdBefore}`);
    return conditions;
  }

  /**
   * Leads from the source in any stored spelling (case aside). One spelling (the usual case) is
   * the equality the source's index serves in list order, as before the filter ignored case;
   * several an IN list, which both databases serve from an index too (at 1M: under 10 ms a
   * page). With no such spelling, the source as given, which no lead carries.
   */
  private async sourceCondition(source: string, archived: boolean): Promise<Sql> {
    const spellings = spellingsOf(source, await this.sources.spellings(archived));
    return spellings.length > 1 ? sql`source IN (${join(spellings)})` : sql`source = ${spellings[0] ?? source}`;
  }
}

/**
 * Whether a count depends only on which leads exist, are qualified and are archived (the
 * unfiltered list and the seed's filter buttons, seen by an admin): it then lasts while
 * only that changes (the `leads_membership` version), not through every stage or owner change.
 */
function readsMembershipOnly(filter: ResolvedLeadFilter, access: LeadAccess): boolean {
  // Every other part of the filter, a new one too, narrows by something a lead's change may move.
  const { status: _status, archived: _archived, ...narrowing } = filter;
  return access.kind === 'all' && Object.values(narrowing).every((value) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
}

/** A cache key per filter (every part of it) and viewer: an agent's counts are not an admin's. */
function filterKey(filter: ResolvedLeadFilter, access: LeadAccess): string {
  const { status, q, stage, owner, tag, source, createdFrom, createdBefore, archived } = filter;
  return JSON.stringify([status, q ?? '', stage ?? '', owner ?? '', tag ?? [], source ?? '', createdFrom ?? '', createdBefore ?? '', archived, leadAccessKey(access)]);
}

function where(conditions: Sql[]): Sql {
  return conditions.length ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
}
