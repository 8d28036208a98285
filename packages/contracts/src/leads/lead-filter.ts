import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { text } from '../common/text';
import { timeZoneSchema } from '../common/time-zone';
import { tagFilterSchema } from '../tags/lead-tags';

export const leadStatusSchema = z.enum(['all', 'qualified', 'unqualified'], 'must be all, qualified or unqualified');
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** `me`: the signed-in member of staff; `none`: unassigned; otherwise a staff id. */
export const leadOwnerFilterSchema = z.union([z.enum(['me', 'none']), recordIdSchema], 'must be me, none or a staff id');

/** A calendar date, YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date('must be a date, YYYY-MM-DD');

/** Where leads came from, as their `source` says (web form, voice bot, an imported file's value), case aside (sourceKey). */
export const leadSourceFilterSchema = text(60).pipe(z.string().min(1, 'must not be empty'));

/**
 * Which leads a list, a count, the board or the CSV export covers: by qualification, a
 * search term, stage, owner, tags, source and creation dates, all combinable; archived
 * leads only with archived=true (then only them). `createdFrom` and `createdTo` are
 * calendar days, both included, in `tz` (the server's APP_TIME_ZONE without it).
 */
export const leadFilterSchema = z.object({
  status: leadStatusSchema.default('all'),
  q: text(200).optional(),
  stage: recordIdSchema.optional(),
  owner: leadOwnerFilterSchema.optional(),
  /** Tag keys (lower-cased), all of which a lead must carry. */
  tag: tagFilterSchema.optional(),
  source: leadSourceFilterSchema.optional(),
  createdFrom: calendarDateSchema.optional(),
  createdTo: calendarDateSchema.optional(),
  tz: timeZoneSchema.optional(),
  archived: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((archived) => archived === 'true'),
});
export type LeadFilter = z.output<typeof leadFilterSchema>;
