import { noteInputSchema, recordIdSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class NoteInput extends createZodDto(noteInputSchema) {}

/** `/api/leads/:id/notes/:noteId`. */
export class NoteParams extends createZodDto(z.object({ id: recordIdSchema, noteId: recordIdSchema })) {}
