import { z } from 'zod';
import { timeZoneSchema } from '../common/time-zone';
import { taskAssigneeFilterSchema } from './list-tasks-query';
import { taskAssigneeSchema, taskSchema, taskTypeSchema } from './task';

/** The longest span one calendar request covers, in days. */
export const CALENDAR_MAX_DAYS = 31;

/** The most tasks one calendar answer holds (`truncated` says when there were more). */
export const CALENDAR_MAX_TASKS = 2_000;

/**
 * GET /api/calendar?from=2026-11-23&to=2026-11-29: the days from `from` to `to`, both
 * included, in `tz` (APP_TIME_ZONE when absent), at most CALENDAR_MAX_DAYS.
 */
export const calendarQuerySchema = z.object({
  from: z.iso.date('must be a date such as 2026-11-23'),
  to: z.iso.date('must be a date such as 2026-11-29'),
  tz: timeZoneSchema.optional(),
  assignee: taskAssigneeFilterSchema.optional(),
  type: taskTypeSchema.optional(),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/**
 * A task as the calendar draws it: its lead, type, state, time and property (its assignee is its
 * group's). The rest (notes, outcome, who made or finished it) is GET /api/tasks/:id's: a week of
 * the team's tasks is hundreds of entries, and the calendar shows none of that.
 */
export const calendarTaskSchema = taskSchema.pick({ id: true, leadId: true, leadName: true, type: true, status: true, dueAt: true, endsAt: true, property: true });
export type CalendarTask = z.infer<typeof calendarTaskSchema>;

/** One member's tasks in the span (null: nobody's yet), by due time. */
export const calendarAgentSchema = z.object({
  assignee: taskAssigneeSchema.nullable(),
  tasks: z.array(calendarTaskSchema),
});
export type CalendarAgent = z.infer<typeof calendarAgentSchema>;

/**
 * The calendar's answer: the tasks due in the span that are not cancelled (open and done), of
 * those the viewer may see, grouped per assignee (by name, nobody's last).
 */
export const calendarSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  agents: z.array(calendarAgentSchema),
  /** More than CALENDAR_MAX_TASKS tasks fell in the span: the earliest are shown. */
  truncated: z.boolean(),
});
export type Calendar = z.infer<typeof calendarSchema>;

/**
 * POST /api/staff/me/calendar-feed's answer: the secret address of the member's iCalendar feed,
 * shown this once (only its hash is stored). A new one replaces the old; DELETE revokes it.
 */
export const calendarFeedSchema = z.object({ url: z.url() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
