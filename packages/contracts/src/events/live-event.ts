import { z } from 'zod';
import { callRecordSchema } from '../calls/call-record';
import { leadSchema } from '../leads/lead';
import { jobSchema } from '../jobs/job';
import { stageSchema } from '../pipeline/stage';
import { taskSchema } from '../tasks/task';
import { whatsappMessageSchema } from '../whatsapp/whatsapp-message';

/** GET /api/events (Server-Sent Events): each event names its type and carries the record as the API shows it. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('lead.created'), data: leadSchema }),
  z.object({ type: z.literal('lead.updated'), data: leadSchema }),
  z.object({ type: z.literal('call.updated'), data: callRecordSchema }),
  /** Sent to an agent in place of a change to a lead they can no longer see (it went to another agent). */
  z.object({ type: z.literal('lead.removed'), data: z.object({ id: z.string() }) }),
  /** The pipeline changed (a stage added, renamed, moved or archived): every stage, by position. */
  z.object({ type: z.literal('stages.updated'), data: z.array(stageSchema) }),
  /** A background job moved on (after each batch) or ended; lists showing its leads should be read again. */
  z.object({ type: z.literal('job.updated'), data: jobSchema }),
  /** A task was made, or changed (edited, moved, reassigned, done, cancelled): sent to those who see its lead, and to its assignee (before and after a reassignment). */
  z.object({ type: z.literal('task.created'), data: taskSchema }),
  z.object({ type: z.literal('task.updated'), data: taskSchema }),
  /** A WhatsApp message arrived from the person or was sent, or its status changed: sent to those who see its lead (its owner among them). */
  z.object({ type: z.literal('whatsapp.message'), data: whatsappMessageSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
