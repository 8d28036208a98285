import { Injectable } from '@nestjs/common';
import { Prisma, type Lead } from '../generated/sqlite/client';
import { DatabaseReader } from '../database/database-reader';
import { PrismaService, type LeadDeskPrismaClient } from '../database/prisma.service';
import type { LeadRow } from './lead-row';
import { VersionedCache } from './versioned-cache';
import type { LeadFilter } from './inputs/list-leads.query';
import type { LeadCursor } from './lead-cursor';
import { ftsPhrase, likePattern, SQLITE_COMMON_TERM_MATCHES, sqliteLikeCondition } from './lead-search';
import type { LeadStatsOutput } from './outputs/lead-stats.output';

export type LeadWrite = Omit<Prisma.LeadCreateInput, 'updatedAt'>;
export type LeadChanges = Prisma.LeadUpdateInput;
/** Columns of a lead as plain values: what a change writes. */
export type LeadColumns = Partial<Omit<Lead, 'id' | 'createdAt' | 'updatedAt'>>;
/** What tells whether a lead is the same person as a new record, and which of several is the first. */
export type LeadIdentity = Pick<Lead, 'id' | 'email' | 'phone' | 'createdAt'>;
const sql = Prisma.sql;
type Sql = Prisma.Sql;
type Db = Pick<LeadDeskPrismaClient, 'lead' | '$queryRaw' | '$executeRaw'>;

/** Every column of a lead, named as the Prisma model names them (raw rows come back as `Lead`). */
const LEAD_COLUMNS = sql`id, name, email, phone, location, qualified, source, interested_in AS "interestedIn",
  budget_amount AS "budgetAmount", budget_text AS "budgetText", timeline, loan_needed AS "loanNeeded",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Each writable column: its name in SQL and its PostgreSQL type (values in a VALUES list need one). */
const WRITABLE_COLUMNS: Record<keyof LeadColumns, [column: string, postgresType: string]> = {
  name: ['name', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'text'],
  location: ['location', 'text'],
  qualified: ['qualified', 'boolean'],
  source: ['source', 'text'],
  interestedIn: ['interested_in', 'text'],
  budgetAmount: ['budget_amount', 'double precision'],
  budgetText: ['budget_text', 'text'],
  timeline: ['timeline', 'text'],
  loanNeeded: ['loan_needed', 'boolean'],
};

export interface DayCounts {
  qualified: number;
  unqualified: number;
}

export interface StatsWindows {
  thisMonthStart: Date;
  nextMonthStart: Date;
  lastMonthStart: Date;
  todayStart: Date;
  tomorrowStart: Date;
}

/** The only place that queries the leads table. */
@Injectable()
export class LeadsRepository {
  /** Exact counts per filter, until the leads table changes. */
  private readonly counts = new VersionedCache<number>();
  /** The dashboard's aggregates per time window, until the leads table changes. */
  private readonly statsByWindows = new VersionedCache<LeadStatsOutput>(50);
  private readonly dailyCountsByDays = new VersionedCache<DayCounts[]>(50);
  /** SQLite: how many leads (up to SQLITE_COMMON_TERM_MATCHES) a term matches; only the plan depends on it, so a minute old is fine. */
  private readonly termMatches = new VersionedCache<number>(1000, 60_000);

  constructor(
    private readonly prisma: PrismaService,
    private readonly reader: DatabaseReader,
  ) {}

  /** Leads in list order (newest first) after `after`, keyset-paginated: no OFFSET scans. One query; rows as the driver gives them. */
  async findPage(filter: LeadFilter, limit: number, after?: LeadCursor): Promise<LeadRow[]> {
    const conditions = await this.listConditions(filter);
    if (after) conditions.push(sql`(created_at, id) < (${after.createdAt}, ${after.id})`);
    return this.reader.rows<LeadRow>(sql`
      SELECT ${LEAD_COLUMNS} FROM leads ${where(conditions)}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  }

  /** The conditions that select a filter's leads as the list's pages select them (the CSV export uses them too). */
  async listConditions(filter: LeadFilter): Promise<Sql[]> {
    const conditions = this.statusConditions(filter);
    if (filter.q) conditions.push(await this.pageSearchCondition(filter.q));
    return conditions;
  }

  /** The exact number of leads matching the filter, counted once per filter while the table is unchanged. */
  async count(filter: LeadFilter): Promise<number> {
    const version = await this.tableVersion();
    return this.counts.get(JSON.stringify([filter.status, filter.q ?? '']), version, async () => {
      const conditions = this.statusConditions(filter);
      if (filter.q) conditions.push(this.indexedSearchCondition(filter.q));
      const [row] = await this.reader.rows<{ count: string | number }>(sql`SELECT COUNT(*) AS count FROM leads ${where(conditions)}`);
      return Number(row.count);
    });
  }

  /**
   * Changes whenever the leads table may have changed, as the reads see it. SQLite: the
   * read connection's data_version (it writes nothing, so any commit elsewhere moves it).
   * PostgreSQL: a sequence that a statement trigger on leads advances (migration
   * leads_change_counter).
   */
  private async tableVersion(): Promise<string> {
    const [row] = await this.reader.rows<{ version: string | number }>(
      this.prisma.provider === 'postgresql'
        ? sql`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM leads_change_seq`
        : sql`SELECT data_version AS version FROM pragma_data_version`,
    );
    return String(row.version);
  }

  /** The dashboard's stats, computed once per time window while the leads table is unchanged. */
  async stats(windows: StatsWindows): Promise<LeadStatsOutput> {
    return this.statsByWindows.get(JSON.stringify(windows), await this.tableVersion(), () => this.computeStats(windows));
  }

  private async computeStats(windows: StatsWindows): Promise<LeadStatsOutput> {
    const { thisMonthStart, nextMonthStart, lastMonthStart, todayStart, tomorrowStart } = windows;
    const thisMonth = sql`created_at >= ${thisMonthStart} AND created_at < ${nextMonthStart}`;
    const lastMonth = sql`created_at >= ${lastMonthStart} AND created_at < ${thisMonthStart}`;
    const [row] = await this.reader.rows<Record<keyof LeadStatsOutput, string | number>>(sql`
      SELECT
        COUNT(*) AS total,
        COUNT(CASE WHEN qualified = ${true} THEN 1 END) AS qualified,
        COUNT(CASE WHEN ${thisMonth} THEN 1 END) AS "thisMonth",
        COUNT(CASE WHEN ${lastMonth} THEN 1 END) AS "lastMonth",
        COUNT(CASE WHEN qualified = ${false} AND ${thisMonth} THEN 1 END) AS "unqualifiedThisMonth",
        COUNT(CASE WHEN qualified = ${false} AND ${lastMonth} THEN 1 END) AS "unqualifiedLastMonth",
        COUNT(CASE WHEN source = ${VOICE_BOT_SOURCE} AND created_at >= ${todayStart} AND created_at < ${tomorrowStart}
          THEN 1 END) AS "processedToday"
      FROM leads`);
    const total = Number(row.total);
    const qualified = Number(row.qualified);
    return {
      total,
      qualified,
      unqualified: total - qualified,
      thisMonth: Number(row.thisMonth),
      lastMonth: Number(row.lastMonth),
      unqualifiedThisMonth: Number(row.unqualifiedThisMonth),
      unqualifiedLastMonth: Number(row.unqualifiedLastMonth),
      processedToday: Number(row.processedToday),
    };
  }

  /**
   * Qualified and unqualified leads per day for contiguous days (each `[start, end)`):
   * one range scan of the creation index, bucketed by a CASE over the day boundaries,
   * which both databases run without time zone support of their own.
   */
  async countPerDay(days: { start: Date; end: Date }[]): Promise<DayCounts[]> {
    return this.dailyCountsByDays.get(JSON.stringify(days), await this.tableVersion(), () => this.computeCountPerDay(days));
  }

  private async computeCountPerDay(days: { start: Date; end: Date }[]): Promise<DayCounts[]> {
    const counts = days.map(() => ({ qualified: 0, unqualified: 0 }));
    if (days.length === 0) return counts;
    const dayIndex = Prisma.join(
      // The index is a literal: a parameter would leave PostgreSQL guessing the CASE's type.
      days.map((day, index) => sql`WHEN created_at < ${day.end} THEN ${Prisma.raw(String(index))}`),
      ' ',
    );
    const rows = await this.reader.rows<{ day: string | number; qualified: string | number; total: string | number }>(sql`
      SELECT CASE ${dayIndex} END AS day, COUNT(CASE WHEN qualified = ${true} THEN 1 END) AS qualified, COUNT(*) AS total
      FROM leads WHERE created_at >= ${days[0].start} AND created_at < ${days.at(-1)!.end}
      GROUP BY 1`);
    for (const row of rows) {
      const qualified = Number(row.qualified);
      counts[Number(row.day)] = { qualified, unqualified: Number(row.total) - qualified };
    }
    return counts;
  }

  findById(id: string, db: Db = this.prisma.client): Promise<Lead | null> {
    return db.lead.findUnique({ where: { id } });
  }

  findByIds(ids: string[]): Promise<Lead[]> {
    return this.prisma.client.lead.findMany({ where: { id: { in: ids } } });
  }

  /** A lead with its calls, newest first. */
  findWithCalls(id: string) {
    return this.prisma.client.lead.findUnique({
      where: { id },
      include: { calls: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } },
    });
  }

  /** The lead a new record is the same person as: same id, else same email, else same phone. */
  async findSamePerson(
    key: { id?: string; email?: string | null; phone?: string | null },
    db: Db = this.prisma.client,
  ): Promise<Lead | null> {
    if (key.id) {
      const byId = await db.lead.findUnique({ where: { id: key.id } });
      if (byId) return byId;
    }
    const order = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
    if (key.email) {
      const byEmail = await db.lead.findFirst({ where: { email: key.email }, orderBy: order });
      if (byEmail) return byEmail;
    }
    if (key.phone) return db.lead.findFirst({ where: { phone: key.phone }, orderBy: order });
    return null;
  }

  /** Every lead with one of these ids, emails or phones, in one query: who the callers of a batch of calls may be. */
  findIdentities(keys: { ids: string[]; emails: string[]; phones: string[] }, db: Db): Promise<LeadIdentity[]> {
    const matches: Prisma.LeadWhereInput[] = [];
    if (keys.ids.length > 0) matches.push({ id: { in: [...new Set(keys.ids)] } });
    if (keys.emails.length > 0) matches.push({ email: { in: [...new Set(keys.emails)] } });
    if (keys.phones.length > 0) matches.push({ phone: { in: [...new Set(keys.phones)] } });
    if (matches.length === 0) return Promise.resolve([]);
    return db.lead.findMany({ where: { OR: matches }, select: { id: true, email: true, phone: true, createdAt: true } });
  }

  create(data: LeadWrite, db: Db = this.prisma.client): Promise<Lead> {
    return db.lead.create({ data });
  }

  /** New leads, ids and times given, in one statement (raw: Prisma compiles every createMany anew, data included). */
  async createMany(leads: Lead[], db: Db): Promise<void> {
    if (leads.length === 0) return;
    const rows = leads.map(
      (lead) => sql`(${lead.id}, ${lead.name}, ${lead.email}, ${lead.phone}, ${lead.location}, ${lead.qualified}, ${lead.source},
        ${lead.interestedIn}, ${lead.budgetAmount}, ${lead.budgetText}, ${lead.timeline}, ${lead.loanNeeded}, ${lead.createdAt}, ${lead.updatedAt})`,
    );
    await db.$executeRaw`
      INSERT INTO leads (id, name, email, phone, location, qualified, source, interested_in, budget_amount, budget_text, timeline,
        loan_needed, created_at, updated_at)
      VALUES ${Prisma.join(rows)}`;
  }

  update(id: string, changes: LeadChanges, db: Db = this.prisma.client): Promise<Lead> {
    return db.lead.update({ where: { id }, data: changes });
  }

  /**
   * Writes each lead's changed columns, and nothing else of it, with `updatedAt`: one
   * statement for all the leads changed in the same columns.
   */
  async updateMany(changes: Map<string, LeadColumns>, updatedAt: Date, db: Db): Promise<void> {
    const byColumns = new Map<string, [string, LeadColumns][]>();
    for (const [id, columns] of changes) {
      const key = Object.keys(columns).sort().join();
      const group = byColumns.get(key) ?? [];
      group.push([id, columns]);
      byColumns.set(key, group);
    }
    for (const leads of byColumns.values()) {
      const fields = Object.keys(leads[0][1]) as (keyof LeadColumns)[];
      const rows = leads.map(
        ([id, columns]) =>
          sql`(${Prisma.join([this.typed(id, 'text'), ...fields.map((field) => this.typed(columns[field], WRITABLE_COLUMNS[field][1]))])})`,
      );
      const names = fields.map((field) => WRITABLE_COLUMNS[field][0]);
      const assignments = [...names.map((name) => sql`${Prisma.raw(name)} = changed.${Prisma.raw(name)}`), sql`updated_at = ${updatedAt}`];
      await db.$executeRaw`
        WITH changed (${Prisma.raw(['id', ...names].join(', '))}) AS (VALUES ${Prisma.join(rows)})
        UPDATE leads SET ${Prisma.join(assignments)}
        FROM changed WHERE leads.id = changed.id`;
    }
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.prisma.transaction(work);
  }

  /**
   * Holds, until the transaction ends, a lock per identity (email, phone), so that two
   * calls from one new caller cannot both create a lead. SQLite runs one write
   * transaction at a time already.
   */
  async lockIdentities(keys: (string | null | undefined)[], db: Db): Promise<void> {
    if (this.prisma.provider !== 'postgresql') return;
    // Sorted, so two transactions never wait on each other's second lock; one statement for all.
    const sorted = [...new Set(keys.filter((k): k is string => !!k))].sort().map((key) => `lead:${key}`);
    if (sorted.length > 0) await db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(key))::text FROM unnest(${sorted}::text[]) AS key`;
  }

  /** A parameter with its type: PostgreSQL cannot infer one inside a VALUES list. */
  private typed(value: unknown, postgresType: string): Sql {
    return this.prisma.provider === 'postgresql' ? sql`${value}::${Prisma.raw(postgresType)}` : sql`${value}`;
  }

  private statusConditions(filter: LeadFilter): Sql[] {
    return filter.status === 'all' ? [] : [sql`qualified = ${filter.status === 'qualified'}`];
  }

  /**
   * Case-insensitive substring match over name, email and location, served by an
   * index: pg_trgm GIN indexes on PostgreSQL, the FTS5 trigram table on SQLite (whose
   * trigrams need a term of 3+ characters; shorter terms scan).
   */
  private indexedSearchCondition(term: string): Sql {
    if (this.prisma.provider === 'postgresql') {
      const pattern = likePattern(term);
      return sql`(name ILIKE ${pattern} OR email ILIKE ${pattern} OR location ILIKE ${pattern})`;
    }
    if ([...term].length >= 3) return sql`rowid IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ${ftsPhrase(term)})`;
    return sqliteLikeCondition(term);
  }

  /**
   * The search condition for one page. PostgreSQL's planner picks between the trigram
   * indexes and the list's index from its statistics. SQLite's would always start from
   * the FTS matches and sort them all (50 ms for a term matching 50,000 leads), so a
   * common term instead walks the list's index newest first, testing each lead with
   * LIKE until the page is full. LIKE and the trigram index agree on ASCII terms only.
   */
  private async pageSearchCondition(term: string): Promise<Sql> {
    if (this.prisma.provider === 'postgresql' || !/^[\x20-\x7e]{3,}$/.test(term)) return this.indexedSearchCondition(term);
    const matches = await this.termMatches.get(term.toLowerCase(), '', async () => {
      const [row] = await this.reader.rows<{ matches: number }>(sql`
        SELECT COUNT(*) AS matches FROM (
          SELECT rowid FROM leads_search WHERE leads_search MATCH ${ftsPhrase(term)} LIMIT ${SQLITE_COMMON_TERM_MATCHES}
        ) AS probe`);
      return Number(row.matches);
    });
    return matches < SQLITE_COMMON_TERM_MATCHES ? this.indexedSearchCondition(term) : sqliteLikeCondition(term);
  }
}

export const VOICE_BOT_SOURCE = 'voice bot';

function where(conditions: Sql[]): Sql {
  return conditions.length ? sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}
