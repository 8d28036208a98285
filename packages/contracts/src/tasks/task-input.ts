import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { optionalText } from '../common/text';
import { leadStageSchema } from '../pipeline/stage';
import { taskSchema, taskTypeSchema } from './task';

export const TASK_NOTES_MAX_LENGTH = 2_000;
export const TASK_OUTCOME_MAX_LENGTH = 2_000;

/** A moment with its offset from UTC, as the page sends it: 2026-11-29T11:00:00+05:30 or …Z. */
const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with its offset, such as 2026-11-29T11:00:00+05:30' });
const propertyId = z.number('must be the id of a property').int('must be the id of a property').positive('must be the id of a property');

/**
 * POST /api/tasks. `assigneeId` absent: the lead's owner, or (an unassigned lead) whoever makes
 * it; null: nobody. An agent assigns tasks only to themselves or to nobody (403 naming
 * assigneeId). `endsAt`, when given, is after `dueAt` (400 naming endsAt).
 */
export const newTaskSchema = z.strictObject({
  leadId: recordIdSchema,
  type: taskTypeSchema,
  dueAt: instant,
  endsAt: instant.nullish(),
  assigneeId: recordIdSchema.nullish(),
  propertyId: propertyId.nullish(),
  notes: optionalText(TASK_NOTES_MAX_LENGTH),
});
export type NewTask = z.input<typeof newTaskSchema>;

/**
 * PATCH /api/tasks/:id (If-Match: its ETag, optional; a task changed since answers 412):
 * edit, reschedule, reassign, `done: true` (with an `outcome`) to complete it, `done: false`
 * to open it again, `cancelled: true` to call it off, `cancelled: false` to bring it back.
 * Fields left out stay as they are.
 */
export const taskChangesSchema = z.strictObject({
  type: taskTypeSchema.optional(),
  dueAt: instant.optional(),
  endsAt: instant.nullable().optional(),
  assigneeId: recordIdSchema.nullable().optional(),
  propertyId: propertyId.nullable().optional(),
  notes: optionalText(TASK_NOTES_MAX_LENGTH),
  done: z.boolean('must be true or false').optional(),
  /** Kept only for a done task (400 naming outcome otherwise). */
  outcome: optionalText(TASK_OUTCOME_MAX_LENGTH),
  cancelled: z.boolean('must be true or false').optional(),
});
export type TaskChanges = z.input<typeof taskChangesSchema>;

/**
 * PATCH /api/tasks/:id's answer: the task as changed and, when the change completed a site
 * visit, the stage the lead could move to next (the pipeline's stage after "Site Visit
 * Scheduled", while the lead has not reached it); null otherwise. Nothing moves the lead by itself.
 */
export const taskUpdateSchema = z.object({
  task: taskSchema,
  suggestedStage: leadStageSchema.nullable(),
});
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;
