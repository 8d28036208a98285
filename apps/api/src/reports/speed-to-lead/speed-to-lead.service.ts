import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SpeedToLeadQuery, SpeedToLeadReport } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import { VersionedCache } from '../../database/versioned-cache';
import type { LeadAccess } from '../../leads/access/lead-access';
import { SpeedToLeadRepository, toSpeedFigures, type ReportScope } from './speed-to-lead.repository';

/** The longest period one report covers: a year, as the daily stats. */
const MAX_DAYS = 366;

/** A report computed this recently is answered at once after a change, while the next is computed. */
const STALE_REPORT_MS = 5 * 60_000;

/** An older report waits this long for the next one after a change, then is answered itself (with its computedAt). */
const STALE_REPORT_WAIT_MS = 1_000;

/**
 * The report of a period, aggregated in SQL, kept per period and viewer until lead_response_times
 * or leads change (a new lead, a call, an owner's action, an owner changed): at a month of
 * leads the aggregation takes half a second, and a team opens the same period again and again. A
 * busy team changes those tables every second, so after a change the last report is answered at
 * once (up to STALE_REPORT_MS old; an older one after STALE_REPORT_WAIT_MS, never nothing) while
 * the next is aggregated in the background. The panel's own periods are kept ready before anyone
 * asks (SpeedReportWarmer): only a period chosen by hand waits for its first aggregation.
 */
@Injectable()
export class SpeedToLeadService {
  private readonly logger = new Logger(SpeedToLeadService.name);
  // Of unchanged data, a report is aggregated again once, after a minute: on PostgreSQL a write moves the
  // version before it commits, so a report made meanwhile may miss it (the cache's bound on that staleness).
  private readonly reportsByScope = new VersionedCache<SpeedToLeadReport>(100, 60_000, Date.now, {
    serveStaleMs: STALE_REPORT_MS,
    staleWaitMs: STALE_REPORT_WAIT_MS,
    onRefreshError: (error, key) => this.logger.error({ err: error, scope: key }, 'The speed-to-lead report could not be aggregated again; the last one is answered meanwhile'),
  });

  constructor(
    private readonly reports: SpeedToLeadRepository,
    private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The period's figures; an agent's report covers the leads they own, an admin's every lead. */
  async report(query: SpeedToLeadQuery, access: LeadAccess): Promise<SpeedToLeadReport> {
    const { key, version, compute } = await this.reportOf(query, access.kind === 'all' ? null : access.staffId);
    return this.reportsByScope.get(key, version, compute);
  }

  /** Aggregates the period's report for a viewer (null: everyone's) unless the one kept is of the current data; resolves once it is kept. */
  async warm(query: SpeedToLeadQuery, ownerId: string | null): Promise<void> {
    const { key, version, compute } = await this.reportOf(query, ownerId);
    await this.reportsByScope.warm(key, version, compute);
  }

  private async reportOf(query: SpeedToLeadQuery, ownerId: string | null) {
    const tz = query.tz ?? this.config.APP_TIME_ZONE;
    const scope = { ...period(query.from, query.to, tz), ownerId } satisfies ReportScope;
    return {
      key: `${scope.from.toISOString()}|${scope.before.toISOString()}|${scope.ownerId ?? ''}`,
      version: `${await this.database.tableVersion('lead_response_times')}:${await this.database.tableVersion('leads')}`,
      compute: () => this.compute(query, tz, scope),
    };
  }

  private async compute(query: SpeedToLeadQuery, tz: string, scope: ReportScope): Promise<SpeedToLeadReport> {
    const computedAt = new Date().toISOString();
    const [overall, bySource, byAgent, waiting] = await Promise.all([
      this.reports.overall(scope),
      this.reports.bySource(scope),
      this.reports.byAgent(scope),
      this.reports.waiting(scope),
    ]);
    return {
      from: query.from,
      to: query.to,
      tz,
      overall: toSpeedFigures(overall[0]),
      bySource: bySource.map((row) => ({ source: row.key ?? '', ...toSpeedFigures(row) })),
      byAgent: byAgent.map((row) => ({ agent: row.key ? { id: row.key, name: row.name ?? '' } : null, ...toSpeedFigures(row) })),
      waiting,
      computedAt,
    };
  }
}

/** The instants bounding the calendar days from `from` to `to` (both included) in `tz`. */
function period(from: string, to: string, tz: string): Pick<ReportScope, 'from' | 'before'> {
  const start = DateTime.fromISO(from, { zone: tz }).startOf('day');
  const end = DateTime.fromISO(to, { zone: tz }).startOf('day').plus({ days: 1 });
  if (end <= start) throw new InvalidFieldsException([{ field: 'to', message: 'must not be before from' }]);
  if (end.diff(start, 'days').days > MAX_DAYS) throw new InvalidFieldsException([{ field: 'to', message: `must be at most ${MAX_DAYS} days after from` }]);
  return { from: start.toJSDate(), before: end.toJSDate() };
}
