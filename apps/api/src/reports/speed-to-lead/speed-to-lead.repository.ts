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

const MILESTONES = {
  firstAttempt: 'first_attempt_at',
  firstConversation: 'first_conversation_at',
  firstOwnerAction: 'first_owner_action_at',
} as const;

type FigureRow = { key: string | null; name: string | null; leads: number; within1: number | null; within5: number | null } & Record<string, number | null>;

/**
 * The speed-to-lead report's queries, all aggregated in SQL over lead_response_times (its
 * arrived_at index selects the period), joined to the leads only for their owner (by agent,
 * or an agent's own leads): a month at a million leads is some 80,000 lookups saved. Percentiles are
 * each database's percentile_cont; seconds are computed per row from the stored times. They run
 * through `Database.aggregateRows`: a year at a million leads takes seconds, which on SQLite
 * would otherwise stall every request of the API.
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
      WHERE r.first_attempt_at IS NULL AND ${this.inScope(scope)} AND l.archived_at IS NULL
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

  /**
   * One group's figures per row. Each lead's seconds are computed once, in a materialized CTE:
   * SQLite would otherwise compute them again for every aggregate naming them (7 julianday pairs
   * a row); at a million leads that took a year's queries 10-35% longer, for the same figures.
   */
  private figures(scope: ReportScope, grouping: 'overall' | 'source' | 'agent'): Promise<FigureRow[]> {
    const { dialect } = this.database;
    const byAgent = grouping === 'agent';
    const milestoneSeconds = Object.entries(MILESTONES).map(
      ([field, column]) => sql`${dialect.secondsBetween(sql`r.arrived_at`, sql`r.${raw(column)}`)} AS "${raw(field)}"`,
    );
    const milestoneColumns = Object.keys(MILESTONES).map(
      (field) =>
        sql`count(p."${raw(field)}") AS "${raw(field)}Reached",
          ${dialect.percentile(sql`p."${raw(field)}"`, 0.5)} AS "${raw(field)}Median",
          ${dialect.percentile(sql`p."${raw(field)}"`, 0.9)} AS "${raw(field)}P90"`,
    );
    const key = { overall: sql`NULL`, source: sql`p.source`, agent: sql`p.owner_id` }[grouping];
    return this.database.aggregateRows<FigureRow>(sql`
      WITH p AS MATERIALIZED (
        SELECT r.source, ${byAgent ? sql`l.owner_id` : sql`NULL`} AS owner_id, ${join(milestoneSeconds)}
        FROM lead_response_times r ${byAgent || scope.ownerId ? sql`JOIN leads l ON l.id = r.lead_id` : empty}
        WHERE ${this.inScope(scope)}
      )
      SELECT ${key} AS key, ${byAgent ? sql`max(s.name)` : sql`NULL`} AS name, count(*) AS leads,
        ${join(milestoneColumns)},
        sum(CASE WHEN p."firstAttempt" <= 60 THEN 1 ELSE 0 END) AS within1,
        sum(CASE WHEN p."firstAttempt" <= 300 THEN 1 ELSE 0 END) AS within5
      FROM p ${byAgent ? sql`LEFT JOIN staff_users s ON s.id = p.owner_id` : empty}
      ${grouping === 'overall' ? empty : sql`GROUP BY ${key}`}
      ORDER BY leads DESC, key`);
  }

  private inScope({ from, before, ownerId }: ReportScope): Sql {
    const owner = ownerId ? sql`AND l.owner_id = ${ownerId}` : empty;
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
