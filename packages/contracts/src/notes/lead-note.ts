import { z } from 'zod';
import { text } from '../common/text';

/** Who wrote a note, or did something to a lead: null for the voice agent, routing and open mode. */
export const actorSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type Actor = z.infer<typeof actorSchema>;

/** A note on a lead, as GET /api/leads/:id/notes lists them (newest first). */
export const leadNoteSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  body: z.string(),
  author: actorSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const NOTE_MAX_LENGTH = 10_000;

/** POST /api/leads/:id/notes and PATCH …/notes/:noteId: plain text, 1 to 10,000 characters. */
export const noteInputSchema = z.strictObject({
  body: text(NOTE_MAX_LENGTH).pipe(z.string().min(1, 'is required')),
});
export type NoteInput = z.input<typeof noteInputSchema>;
