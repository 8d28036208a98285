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
 * each database's percentile_cont; seconds are computed per row from the stored times.
 */
@Injectable()
export class SpeedToLeadRepository {
  constructor(private readonly database: Database) {}

  overall(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, sql`NULL`, sql`NULL`, empty);
  }

  bySource(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, sql`r.source`, sql`NULL`, sql`GROUP BY r.source`);
  }

  byAgent(scope: ReportScope): Promise<FigureRow[]> {
    return this.figures(scope, sql`l.owner_id`, sql`max(s.name)`, sql`GROUP BY l.owner_id`, true);
  }

  /** The oldest leads of the period not attempted yet (archived ones aside), with how many there are. */
  async waiting(scope: ReportScope): Promise<{ total: number; leads: WaitingLead[] }> {
    const rows = await this.database.rows<{
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

  private figures(scope: ReportScope, key: Sql, name: Sql, groupBy: Sql, withNames = false): Promise<FigureRow[]> {
    const { dialect } = this.database;
    const seconds = (column: string) => dialect.secondsBetween(sql`r.arrived_at`, sql`r.${raw(column)}`);
    const attempt = seconds(MILESTONES.firstAttempt);
    const milestoneColumns = Object.entries(MILESTONES).map(
      ([field, column]) =>
        sql`count(r.${raw(column)}) AS "${raw(field)}Reached",
          ${dialect.percentile(seconds(column), 0.5)} AS "${raw(field)}Median",
          ${dialect.percentile(seconds(column), 0.9)} AS "${raw(field)}P90"`,
    );
    return this.database.rows<FigureRow>(sql`
      SELECT ${key} AS key, ${name} AS name, count(*) AS leads,
        ${join(milestoneColumns)},
        sum(CASE WHEN ${attempt} <= 60 THEN 1 ELSE 0 END) AS within1,
        sum(CASE WHEN ${attempt} <= 300 THEN 1 ELSE 0 END) AS within5
      FROM lead_response_times r
        ${withNames || scope.ownerId ? sql`JOIN leads l ON l.id = r.lead_id` : empty}
        ${withNames ? sql`LEFT JOIN staff_users s ON s.id = l.owner_id` : empty}
      WHERE ${this.inScope(scope)}
      ${groupBy}
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
