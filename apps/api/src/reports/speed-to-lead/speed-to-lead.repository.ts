import { Injectable } from '@nestjs/common';
import { WAITING_LEADS_SHOWN, type SpeedFigures, type WaitingLead } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { UtcTimeText } from '../../database/models';
import { empty, join, raw, sql, type Sql } from '../../database/sql';

/** The leads a report covers: those that arrived in [from, before), of one agent or of everyone. */
export interface ReportScope {
  from: Date;
  before: Date;
  /** Only this member of staff's leads (an agent's own report); null: every lead. */
  ownerId: string | null;
}

/** Each milestone's seconds from arrival, kept on the row (prisma/<provider>/response-time-figures.sql). */
const MILESTONES = {
  firstAttempt: 'first_attempt_seconds',
  firstConversation: 'first_conversation_seconds',
  firstOwnerAction: 'first_owner_action_seconds',
} as const;

type FigureRow = { key: string | null; name: string | null; leads: number; within1: number | null; within5: number | null } & Record<string, number | null>;

/**
 * The speed-to-lead report's queries, all aggregated in SQL over lead_response_times. Each row
 * carries its seconds to each milestone and its lead's current owner (kept by triggers), and
 * lead_response_times_figures_idx holds them all by arrival: a period's figures are read from that
 * index alone, with no join to leads and no time arithmetic per row. Percentiles are each
 * database's percentile_cont. They run through `Database.aggregateRows`: a year at a million leads
 * takes seconds, which on SQLite would otherwise stall every request of the API.
 */
@Injectable()
export class SpeedToLeadRepository {
  constructor(private readonly database: Database) {}

  overall(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, 'overall');
  }

  bySource(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, 'source');
  }

  byAgent(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, 'agent');
  }

  /** The oldest leads of the period not attempted yet (archived ones aside), with how many there are. */
  async waiting(scope: ReportScope): Promise<{ total: number; leads: WaitingLead[] }> {
    const rows = await this.database.aggregateRows<{
      id: string;
      name: string;
      source: string;
      ownerId: string | null;
      ownerName: string | null;
      arrivedAt: UtcTimeText;
      total: number;
    }>(sql`
      SELECT r.lead_id AS id, l.name, r.source, l.owner_id AS "ownerId", s.name AS "ownerName", r.arrived_at AS "arrivedAt",
        count(*) OVER () AS total
      FROM lead_response_times r JOIN leads l ON l.id = r.lead_id LEFT JOIN staff_users s ON s.id = l.owner_id
      WHERE r.first_attempt_at IS NULL AND ${this.inScope(scope, sql`l.owner_id`)} AND l.archived_at IS NULL
      ORDER BY r.arrived_at, r.lead_id
      LIMIT ${WAITING_LEADS_SHOWN}`);
    return {
      total: Number(rows[0]?.total ?? 0),
      leads: rows.map((row) => ({
        id: row.id,
        name: row.name,
        source: row.source,
        owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
        arrivedAt: row.arrivedAt,
      })),
    };
  }

  /** One group's figures per row. */
  private figures(scope: ReportScope, grouping: 'overall' | 'source' | 'agent'): Promise<FigureRow[]> {
    const { dialect } = this.database;
    const milestoneColumns = Object.entries(MILESTONES).map(
      ([field, column]) =>
        sql`count(r.${raw(column)}) AS "${raw(field)}Reached",
          ${dialect.percentile(sql`r.${raw(column)}`, 0.5)} AS "${raw(field)}Median",
          ${dialect.percentile(sql`r.${raw(column)}`, 0.9)} AS "${raw(field)}P90"`,
    );
    const key = { overall: sql`NULL`, source: sql`r.source`, agent: sql`r.owner_id` }[grouping];
    const figures = sql`
      SELECT ${key} AS key, count(*) AS leads, ${join(milestoneColumns)},
        sum(CASE WHEN r.${raw(MILESTONES.firstAttempt)} <= 60 THEN 1 ELSE 0 END) AS within1,
        sum(CASE WHEN r.${raw(MILESTONES.firstAttempt)} <= 300 THEN 1 ELSE 0 END) AS within5
      FROM lead_response_times r
      WHERE ${this.inScope(scope, sql`r.owner_id`)}
      ${grouping === 'overall' ? empty : sql`GROUP BY ${key}`}`;
    // Agents' names are looked up for the few groups, after the aggregation.
    return this.database.aggregateRows<FigureRow>(sql`
      SELECT f.*, ${grouping === 'agent' ? sql`s.name` : sql`NULL`} AS name
      FROM (${figures}) f ${grouping === 'agent' ? sql`LEFT JOIN staff_users s ON s.id = f.key` : empty}
      ORDER BY f.leads DESC, f.key`);
  }

  /** The scope's period, and its owner's leads (by `ownerColumn`, the lead's owner_id or the row's copy of it). */
  private inScope({ from, before, ownerId }: ReportScope, ownerColumn: Sql): Sql {
    const owner = ownerId ? sql`AND ${ownerColumn} = ${ownerId}` : empty;
    return sql`r.arrived_at >= ${from} AND r.arrived_at < ${before} ${owner}`;
  }
}

/** A row's figures in the answer's shape: shares of all the group's leads, seconds to the millisecond. */
export function toSpeedFigures(row: FigureRow): SpeedFigures {
  const leads = Number(row.leads);
  const milestone = (field: keyof typeof MILESTONES) => ({
    reached: Number(row[`${field}Reached`] ?? 0),
    medianSeconds: roundedSeconds(row[`${field}Median`]),
    p90Seconds: roundedSeconds(row[`${field}P90`]),
  });
  return {
    leads,
    firstAttempt: milestone('firstAttempt'),
    firstConversation: milestone('firstConversation'),
    firstOwnerAction: milestone('firstOwnerAction'),
    attemptedWithin1Minute: leads > 0 ? Number(row.within1 ?? 0) / leads : null,
    attemptedWithin5Minutes: leads > 0 ? Number(row.within5 ?? 0) / leads : null,
  };
}

function roundedSeconds(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(Number(value) * 1000) / 1000;
}
