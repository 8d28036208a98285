import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { text } from '../common/text';

/** open: work in progress; won: the deal is booked; lost: it fell through (the lead carries a lost reason). */
export const stageKindSchema = z.enum(['open', 'won', 'lost'], 'must be open, won or lost');
export type StageKind = z.infer<typeof stageKindSchema>;

/** A step of the team's pipeline, as GET /api/stages lists them (by position). */
export const stageSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: stageKindSchema,
  /** 1-based place on the board. */
  position: z.number().int(),
  /** Takes no more leads and leaves the board; kept for the leads' history. */
  archived: z.boolean(),
});
export type Stage = z.infer<typeof stageSchema>;

/** What a lead's JSON says of its stage. */
export const leadStageSchema = stageSchema.pick({ id: true, name: true, kind: true });
export type LeadStage = z.infer<typeof leadStageSchema>;

const stageName = text(60).pipe(z.string().min(1, 'is required'));

/** POST /api/stages (admins): a new stage, placed last unless a position is given. */
export const newStageSchema = z.strictObject({
  name: stageName,
  kind: stageKindSchema.default('open'),
  position: z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').optional(),
});
export type NewStage = z.input<typeof newStageSchema>;

/** PATCH /api/stages/:id (admins): rename, move (the others shift), archive or bring back. */
export const stageChangesSchema = z.strictObject({
  name: stageName.optional(),
  position: z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').optional(),
  archived: z.boolean('must be true or false').optional(),
});
export type StageChanges = z.input<typeof stageChangesSchema>;

export const stageIdSchema = recordIdSchema;
