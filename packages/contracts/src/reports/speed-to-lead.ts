import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone';
import { calendarDateSchema } from '../leads/lead-filter';

/**
 * GET /api/reports/speed-to-lead: leads that arrived from `from` to `to`, both calendar days
 * included, in `tz` (the server's APP_TIME_ZONE without it). Agents see their own leads only.
 */
export const speedToLeadQuerySchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  tz: timeZoneSchema.optional(),
});
export type SpeedToLeadQuery = z.infer<typeof speedToLeadQuerySchema>;

const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative().nullable();

/** Seconds from arrival to one milestone, over the leads that reached it: null where none did. */
export const responseTimeFiguresSchema = z.object({
  /** Leads that reached the milestone. */
  reached: count,
  /** Median, interpolated as PostgreSQL's percentile_cont(0.5). */
  medianSeconds: seconds,
  /** 90th percentile, interpolated as percentile_cont(0.9). */
  p90Seconds: seconds,
});
export type ResponseTimeFigures = z.infer<typeof responseTimeFiguresSchema>;

/** The figures of a group of leads (all of them, one source, one agent's). */
export const speedFiguresSchema = z.object({
  /** Leads that arrived in the period. */
  leads: count,
  /** To the first call placed to the lead, by the agent's cadence or by staff. */
  firstAttempt: responseTimeFiguresSchema,
  /** To the first call that connected. */
  firstConversation: responseTimeFiguresSchema,
  /** To the first answering action of the lead's owner (a note, a stage, an edit, a call…). */
  firstOwnerAction: responseTimeFiguresSchema,
  /** Share (0 to 1) of the leads first attempted within 60 seconds of arrival; null without leads. */
  attemptedWithin1Minute: z.number().min(0).max(1).nullable(),
  /** Share (0 to 1) of the leads first attempted within 300 seconds of arrival; null without leads. */
  attemptedWithin5Minutes: z.number().min(0).max(1).nullable(),
});
export type SpeedFigures = z.infer<typeof speedFiguresSchema>;

const namedStaff = z.object({ id: z.string(), name: z.string() });

/** A lead of the period still waiting for its first call (archived leads aside). */
export const waitingLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  owner: namedStaff.nullable(),
  arrivedAt: z.iso.datetime(),
});
export type WaitingLead = z.infer<typeof waitingLeadSchema>;

/** How many leads the report's waiting list shows at most (the oldest). */
export const WAITING_LEADS_SHOWN = 20;

export const speedToLeadReportSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  tz: z.string(),
  overall: speedFiguresSchema,
  /** One entry per source, most leads first. */
  bySource: z.array(speedFiguresSchema.extend({ source: z.string() })),
  /** One entry per owner (null: unassigned), most leads first. */
  byAgent: z.array(speedFiguresSchema.extend({ agent: namedStaff.nullable() })),
  /** Leads not attempted yet, oldest first: the first WAITING_LEADS_SHOWN of `total`. */
  waiting: z.object({ total: count, leads: z.array(waitingLeadSchema) }),
  /**
   * When these figures were aggregated: they hold the data as it was then. A report is kept and
   * answered at once while the next one is aggregated after a change, so it may be minutes old
   * (older only while a newer one is still being aggregated).
   */
  computedAt: z.iso.datetime(),
});
export type SpeedToLeadReport = z.infer<typeof speedToLeadReportSchema>;
