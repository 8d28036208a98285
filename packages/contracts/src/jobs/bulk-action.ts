import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { optionalText } from '../common/text';
import { savedViewFilterSchema } from '../views/saved-view';
import { tagListSchema } from '../tags/lead-tags';

/** The most leads a request may pick one by one; beyond that, select them by filter. */
export const MAX_BULK_IDS = 10_000;

/** What a bulk request does to each selected lead. */
export const bulkActionSchema = z.discriminatedUnion(
  'type',
  [
    /** ownerId null unassigns. */
    z.strictObject({ type: z.literal('assign'), ownerId: recordIdSchema.nullable() }),
    /** A stage of kind lost needs a lost reason, as PATCH /api/leads/:id does. */
    z.strictObject({ type: z.literal('stage'), stageId: recordIdSchema, lostReason: optionalText(500) }),
    z.strictObject({ type: z.literal('addTags'), tags: tagListSchema.pipe(z.array(z.string()).min(1, 'must name at least one tag')) }),
    z.strictObject({ type: z.literal('removeTags'), tags: tagListSchema.pipe(z.array(z.string()).min(1, 'must name at least one tag')) }),
    z.strictObject({ type: z.literal('archive') }),
    z.strictObject({ type: z.literal('unarchive') }),
    /** The selection as CSV, downloaded from GET /api/jobs/:id/export.csv once the job has succeeded. */
    z.strictObject({ type: z.literal('export') }),
  ],
  'must be one of assign, stage, addTags, removeTags, archive, unarchive, export',
);
export type BulkAction = z.output<typeof bulkActionSchema>;
export type BulkActionType = BulkAction['type'];

/**
 * POST /api/leads/bulk: the leads picked one by one (`ids`) or every lead a filter selects
 * (`filter`, the saved views' JSON filter), never both; and the action. The selection is
 * fixed when the job is made: leads arriving later are not touched.
 */
export const bulkRequestSchema = z
  .strictObject({
    ids: z
      .array(recordIdSchema, 'must be a list of lead ids')
      .min(1, 'must pick at least one lead')
      .max(MAX_BULK_IDS, `must be at most ${MAX_BULK_IDS} leads; select more by filter`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    filter: savedViewFilterSchema.optional(),
    action: bulkActionSchema,
  })
  .refine((request) => (request.ids === undefined) !== (request.filter === undefined), {
    message: 'give either ids or filter',
    path: ['ids'],
  });
export type BulkRequest = z.input<typeof bulkRequestSchema>;
export type ParsedBulkRequest = z.output<typeof bulkRequestSchema>;
