import { z } from 'zod';
import { actorSchema } from '../notes/lead-note';

/** GET /api/dnd-list (admins): the scrub list as last uploaded. */
export const dndListSummarySchema = z.object({
  count: z.number().int(),
  uploadedAt: z.iso.datetime().nullable(),
  uploadedBy: actorSchema,
  /** How the last upload was applied. */
  mode: z.enum(['replace', 'merge']).nullable(),
});
export type DndListSummary = z.infer<typeof dndListSummarySchema>;

/** PUT /api/dnd-list?mode=replace|merge: replace (the default) drops numbers the new list no longer has. */
export const dndListUploadQuerySchema = z.object({
  mode: z.enum(['replace', 'merge'], 'must be replace or merge').default('replace'),
});
export type DndListUploadQuery = z.input<typeof dndListUploadQuerySchema>;

/** What an upload did: numbers added and removed (replace only). A line that is not a phone number refuses the whole file (400). */
export const dndListUploadResultSchema = dndListSummarySchema.extend({
  added: z.number().int(),
  removed: z.number().int(),
});
export type DndListUploadResult = z.infer<typeof dndListUploadResultSchema>;
