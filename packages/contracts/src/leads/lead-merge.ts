import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { actorSchema } from '../notes/lead-note';
import { leadSchema } from './lead';

/** How long a merge can be undone: after this its record of the merged lead is purged. */
export const MERGE_UNDO_DAYS = 30;

/**
 * What staff choose per field when two leads are merged: the kept lead's value or the
 * merged one's. Stage and owner are chosen as a pair with the lost reason that goes with
 * the stage; tags, calls, notes, consents, Do Not Call and the timeline always move (tags
 * as the union, Do Not Call kept if either lead has it).
 */
export const MERGE_FIELDS = ['name', 'email', 'phone', 'location', 'qualified', 'source', 'interestedIn', 'budget', 'timeline', 'loan_needed', 'stage', 'owner'] as const;
export const mergeFieldSchema = z.enum(MERGE_FIELDS);
export type MergeField = z.infer<typeof mergeFieldSchema>;
export const mergeSideSchema = z.enum(['kept', 'merged']);
export type MergeSide = z.infer<typeof mergeSideSchema>;

/** GET /api/leads/merge-preview?keepId=&mergeId=: the two leads as they are now. */
export const mergePreviewQuerySchema = z.strictObject({ keepId: recordIdSchema, mergeId: recordIdSchema });
export type MergePreviewQuery = z.input<typeof mergePreviewQuerySchema>;

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Both leads, every field side by side (the stage and owner by name), what the merge proposes, and what moves to the kept lead. */
export const mergePreviewSchema = z.object({
  kept: leadSchema,
  merged: leadSchema,
  fields: z.array(
    z.object({
      field: mergeFieldSchema,
      kept: fieldValue,
      merged: fieldValue,
      differs: z.boolean(),
      /** The kept lead's value, or the merged one's where the kept lead has none. */
      proposed: mergeSideSchema,
    }),
  ),
  /** What the merged lead brings that moves to the kept lead. */
  moves: z.object({
    calls: z.number().int(),
    notes: z.number().int(),
    consents: z.number().int(),
    activities: z.number().int(),
    /** Its tasks (visits, calls, meetings), open or not. */
    tasks: z.number().int(),
    tags: z.array(z.string()),
    doNotCall: z.boolean(),
  }),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

/**
 * POST /api/leads/merge: `mergeId` goes into `keepId`. `choose` picks, per field, whose
 * value the kept lead takes (a field left out takes the preview's proposal). The versions the
 * preview showed guard against a lead changed since (412).
 */
export const mergeRequestSchema = z.strictObject({
  keepId: recordIdSchema,
  mergeId: recordIdSchema,
  keepVersion: z.number('must be a number').int('must be a whole number'),
  mergeVersion: z.number('must be a number').int('must be a whole number'),
  choose: z.partialRecord(mergeFieldSchema, mergeSideSchema).default({}),
});
export type MergeRequest = z.input<typeof mergeRequestSchema>;

/** A merge: who merged what into what, until when it can be undone, and whether it was. */
export const leadMergeSchema = z.object({
  id: z.string(),
  keptLeadId: z.string(),
  mergedLeadId: z.string(),
  at: z.iso.datetime(),
  by: actorSchema,
  undoUntil: z.iso.datetime(),
  undoneAt: z.iso.datetime().nullable(),
});
export type LeadMerge = z.infer<typeof leadMergeSchema>;

/** POST /api/leads/merge answers the merge and the kept lead as it is now. */
export const mergeOutcomeSchema = z.object({ merge: leadMergeSchema, lead: leadSchema });
export type MergeOutcome = z.infer<typeof mergeOutcomeSchema>;

/** POST /api/leads/merges/:id/undo answers the merge (undone) and both leads as they were before it. */
export const mergeUndoneSchema = z.object({ merge: leadMergeSchema, kept: leadSchema, restored: leadSchema });
export type MergeUndone = z.infer<typeof mergeUndoneSchema>;
