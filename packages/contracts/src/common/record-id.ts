import { z } from 'zod';

/** What a record's id can look like: ours (UUIDv7), or a lead id an imported file carried. */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const recordIdSchema = z.string().regex(RECORD_ID, 'must be 1 to 64 letters, digits, "-" or "_"');

/** The `:id` of a route that reads or removes one record (a lead, a call, a staff account). */
export const idParamsSchema = z.object({ id: recordIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;
