import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { pageCursorSchema } from '../common/text';
import { timeZoneSchema } from '../common/time-zone';
import { taskStatusSchema, taskTypeSchema } from './task';

/**
 * Which open tasks, by their due time: overdue (its time has passed), today (still to come
 * today, the day as it is in `tz`), upcoming (from tomorrow on). The three never overlap and
 * hold open tasks only: a task due at 09:00 is in today until 09:00, overdue from then on.
 */
export const TASK_DUE_WINDOWS = ['overdue', 'today', 'upcoming'] as const;
export const taskDueWindowSchema = z.enum(TASK_DUE_WINDOWS, 'must be overdue, today or upcoming');
export type TaskDueWindow = z.infer<typeof taskDueWindowSchema>;

/** `me` (the signed-in member) or a member of staff's id. */
export const taskAssigneeFilterSchema = z.union([z.literal('me'), recordIdSchema], 'must be me or the id of a member of staff');

/**
 * GET /api/tasks: the tasks the viewer may see (an agent: those assigned to them and those on
 * leads they can see; an admin: all), oldest due first, then by id; a page at a time (the next
 * page's URL in the Link header, the total in X-Total-Count).
 */
export const listTasksQuerySchema = z.object({
  assignee: taskAssigneeFilterSchema.optional(),
  due: taskDueWindowSchema.optional(),
  status: taskStatusSchema.optional(),
  leadId: recordIdSchema.optional(),
  type: taskTypeSchema.optional(),
  /** The day `due` counts in; APP_TIME_ZONE when absent. */
  tz: timeZoneSchema.optional(),
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
});
export type ListTasksQuery = z.input<typeof listTasksQuerySchema>;
