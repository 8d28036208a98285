import { Injectable } from '@nestjs/common';
import { activity, type NewActivity } from '../../activity/activity-entry';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import { LeadNotesRepository } from '../../notes/lead-notes.repository';

/** A row's note, with the lead the row wrote. */
export interface ImportedNote {
  leadId: string;
  body: string;
}

/**
 * The notes an imported batch's rows add (the columns kept as a note: a Meta form's
 * answers, Remarks), written in the batch's transaction with a `note_added` entry each, by
 * whoever imports. A note its lead holds already, word for word, is not added again: the
 * same file imported twice leaves one.
 */
@Injectable()
export class ImportNotes {
  constructor(private readonly notes: LeadNotesRepository) {}

  async add(notes: ImportedNote[], actorId: string | null, db: TransactionClient): Promise<NewActivity[]> {
    if (notes.length === 0) return [];
    const held = new Set((await this.notes.findSame(notes, db)).map(noteKey));
    const added: (ImportedNote & { id: string; authorId: string | null })[] = [];
    for (const note of notes) {
      // Held already, or added by an earlier row of the batch about the same person.
      if (held.has(noteKey(note))) continue;
      held.add(noteKey(note));
      added.push({ id: newRowId(), authorId: actorId, ...note });
    }
    await this.notes.createMany(added, db);
    return added.map((note) => activity(note.leadId, 'note_added', { noteId: note.id }, actorId));
  }
}

function noteKey({ leadId, body }: ImportedNote): string {
  return JSON.stringify([leadId, body]);
}
