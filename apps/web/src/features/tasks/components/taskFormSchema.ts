import { newTaskSchema, taskTypeSchema, type NewTask } from '@lead-desk/contracts';
import { z } from 'zod';

const contract = newTaskSchema.shape;

/** The assignee select's values besides a member's id. */
export const LEAD_OWNER = '';
export const NOBODY = 'nobody';

/** A `datetime-local` value (the member's own clock) as the instant the API takes. */
const dueAt = z
  .string()
  .refine((value) => value !== '', 'is required')
  .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'must be a date and time')
  .transform((value) => new Date(value).toISOString());

/**
 * The new-task form as it holds its fields (selects, a date-time input, a text area), read
 * into the contract's body: the lead's owner is the assignee left out, a property goes only
 * with a site visit, empty notes are left out.
 */
export const taskFormSchema = z
  .object({
    type: taskTypeSchema,
    dueAt,
    assigneeId: z.string(),
    propertyId: z.string(),
    notes: contract.notes,
  })
  .transform(({ type, dueAt, assigneeId, propertyId, notes }): Omit<NewTask, 'leadId'> => ({
    type,
    dueAt,
    ...(assigneeId !== LEAD_OWNER && { assigneeId: assigneeId === NOBODY ? null : assigneeId }),
    ...(type === 'site_visit' && propertyId !== '' && { propertyId: Number(propertyId) }),
    ...(notes && { notes }),
  }));

export type TaskFormValues = z.input<typeof taskFormSchema>;
