import { leadNoteSchema, type LeadNote } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadNoteOutput extends createZodDto(leadNoteSchema) {}

export function toLeadNoteOutput(note: {
  id: string;
  leadId: string;
  body: string;
  author: { id: string; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
}): LeadNote {
  return {
    id: note.id,
    leadId: note.leadId,
    body: note.body,
    author: note.author && { id: note.author.id, name: note.author.name },
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
