import { z } from 'zod';

/** What happened to a task, as its lead's timeline entry (`task`) names it. */
export const TASK_EVENTS = ['created', 'rescheduled', 'reassigned', 'edited', 'completed', 'reopened', 'cancelled', 'restored'] as const;
export const taskEventSchema = z.enum(TASK_EVENTS);
export type TaskEvent = z.infer<typeof taskEventSchema>;
