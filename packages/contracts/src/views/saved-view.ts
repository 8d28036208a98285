import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { text } from '../common/text';
import { calendarDateSchema, leadOwnerFilterSchema, leadSourceFilterSchema, leadStatusSchema } from '../leads/lead-filter';
import { MAX_TAGS_PER_LEAD, tagKey, tagSchema } from '../tags/lead-tags';

/** What a saved view selects: the list's filter and search as JSON (GET /api/leads takes the same as a query string). */
export const savedViewFilterSchema = z.strictObject({
  status: leadStatusSchema.default('all'),
  q: text(200).optional(),
  stage: recordIdSchema.optional(),
  owner: leadOwnerFilterSchema.optional(),
  tag: z
    .array(tagSchema)
    .max(MAX_TAGS_PER_LEAD, `must be at most ${MAX_TAGS_PER_LEAD} tags`)
    .transform((tags) => [...new Set(tags.map(tagKey))])
    .optional(),
  source: leadSourceFilterSchema.optional(),
  /** Calendar days in the app's time zone (APP_TIME_ZONE), both included. */
  createdFrom: calendarDateSchema.optional(),
  createdTo: calendarDateSchema.optional(),
  archived: z.boolean('must be true or false').default(false),
});
export type SavedViewFilter = z.output<typeof savedViewFilterSchema>;

const viewName = text(80).pipe(z.string().min(1, 'is required'));

/** POST /api/views: private to its author unless shared with the team. */
export const savedViewInputSchema = z.strictObject({
  name: viewName,
  shared: z.boolean('must be true or false').default(false),
  filter: savedViewFilterSchema,
});
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

/** PATCH /api/views/:id: any of its parts. */
export const savedViewChangesSchema = z.strictObject({
  name: viewName.optional(),
  shared: z.boolean('must be true or false').optional(),
  filter: savedViewFilterSchema.optional(),
});
export type SavedViewChanges = z.input<typeof savedViewChangesSchema>;

/** A part of a view's filter that names what no longer exists (an archived stage, a removed member of staff, a tag no lead carries). */
export const droppedFilterSchema = z.object({ field: z.enum(['stage', 'owner', 'tag']), value: z.string() });
export type DroppedFilter = z.infer<typeof droppedFilterSchema>;

/** A view as GET /api/views lists it: its filter as it still applies, what was dropped from it, and its live count. */
export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whether the viewer may change or delete it (its author; an admin for a shared view). */
  editable: z.boolean(),
  filter: savedViewFilterSchema,
  dropped: z.array(droppedFilterSchema),
  /** Leads the filter selects now, of those the viewer may see. */
  count: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
