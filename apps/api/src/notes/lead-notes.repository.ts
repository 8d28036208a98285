import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'leadNote'>;

const WITH_AUTHOR = { author: { select: { id: true, name: true } } } as const;

/** The only place that queries lead_notes. */
@Injectable()
export class LeadNotesRepository {
  constructor(private readonly database: Database) {}

  /** A lead's notes, newest first (served by lead_notes_lead_id_created_at_id_idx). */
  listForLead(leadId: string) {
    return this.database.client.leadNote.findMany({ where: { leadId }, include: WITH_AUTHOR, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** The note, if it belongs to that lead. */
  find(leadId: string, noteId: string, db: Db = this.database.client) {
    return db.leadNote.findFirst({ where: { id: noteId, leadId }, include: WITH_AUTHOR });
  }

  create(note: { leadId: string; authorId: string | null; body: string }, db: Db) {
    return db.leadNote.create({ data: note, include: WITH_AUTHOR });
  }

  /** Notes written together (an import's batch), their ids given. */
  async createMany(notes: { id: string; leadId: string; authorId: string | null; body: string }[], db: Db): Promise<void> {
    await db.leadNote.createMany({ data: notes });
  }

  /** Which of these notes their leads hold already, word for word. */
  findSame(notes: { leadId: string; body: string }[], db: Db) {
    return db.leadNote.findMany({ where: { leadId: { in: notes.map((note) => note.leadId) }, body: { in: notes.map((note) => note.body) } }, select: { leadId: true, body: true } });
  }

  update(noteId: string, body: string, db: Db) {
    return db.leadNote.update({ where: { id: noteId }, data: { body }, include: WITH_AUTHOR });
  }

  async delete(noteId: string, db: Db): Promise<void> {
    await db.leadNote.delete({ where: { id: noteId } });
  }
}
