import { z } from 'zod';
import { actorSchema } from '../notes/lead-note';

/** What a follow-up is: a call to make, a site visit, a meeting, or anything else. */
export const TASK_TYPES = ['call', 'site_visit', 'meeting', 'other'] as const;
export const taskTypeSchema = z.enum(TASK_TYPES, 'must be call, site_visit, meeting or other');
export type TaskType = z.infer<typeof taskTypeSchema>;

/** open until someone marks it done or cancels it; a done or cancelled task can be opened again. */
export const TASK_STATUSES = ['open', 'done', 'cancelled'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES, 'must be open, done or cancelled');
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** The member of staff a task is for. */
export const taskAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/** The property a task is about (a site visit's), by its id and name. */
export const taskPropertySchema = z.object({ id: z.number().int(), name: z.string() });
export type TaskProperty = z.infer<typeof taskPropertySchema>;

/**
 * A follow-up on a lead, as GET /api/tasks, GET /api/tasks/:id, the calendar and the live
 * events `task.created` / `task.updated` show it. Sent with its version as the ETag.
 */
export const taskSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  /** The lead's name, as the lead shows it. */
  leadName: z.string(),
  type: taskTypeSchema,
  status: taskStatusSchema,
  dueAt: z.iso.datetime(),
  /** When it ends (a visit's slot); null for a task without a length. */
  endsAt: z.iso.datetime().nullable(),
  /** null: nobody's yet. */
  assignee: taskAssigneeSchema.nullable(),
  property: taskPropertySchema.nullable(),
  notes: z.string().nullable(),
  /** The member of staff who made it; null when the AI agent made it during a call (vapiCallId) or in open mode. */
  createdBy: actorSchema,
  /** The voice platform's id of the call during which the agent made it. */
  vapiCallId: z.string().nullable(),
  doneAt: z.iso.datetime().nullable(),
  doneBy: actorSchema,
  /** How it went, in the words of whoever finished it. */
  outcome: z.string().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Counts the task's changes; sent as the ETag, named in If-Match by PATCH. */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Task = z.infer<typeof taskSchema>;
