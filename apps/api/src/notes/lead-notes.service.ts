import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { LeadNote } from '@lead-desk/contracts';
import { activity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import type { StaffPrincipal } from '../auth/staff-session';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import { LiveEventsService } from '../events/live-events.service';
import { canSeeLead, leadAccessOf } from '../leads/access/lead-access';
import { LeadNotesRepository } from './lead-notes.repository';
import { toLeadNoteOutput } from './outputs/lead-note.output';

/**
 * Notes on a lead the writer can see (another agent's lead is a 404): anyone who sees
 * the lead adds and reads them, only the author edits one, the author or an admin
 * deletes one. Each change appends its activity entry in the same transaction.
 * `staff` is the signed-in member (none in open mode, where everyone is the same nobody).
 */
@Injectable()
export class LeadNotesService {
  constructor(
    private readonly database: Database,
    private readonly notes: LeadNotesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
  ) {}

  async list(leadId: string, staff: StaffPrincipal | undefined): Promise<LeadNote[]> {
    await this.visibleLead(leadId, staff, this.database.client);
    return (await this.notes.listForLead(leadId)).map(toLeadNoteOutput);
  }

  async add(leadId: string, body: string, staff: StaffPrincipal | undefined): Promise<LeadNote> {
    const note = await this.database.transaction(async (tx) => {
      await this.visibleLead(leadId, staff, tx);
      const created = await this.notes.create({ leadId, authorId: staff?.id ?? null, body }, tx);
      await this.activities.append([activity(leadId, 'note_added', { noteId: created.id }, staff?.id ?? null)], tx);
      return created;
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
    return toLeadNoteOutput(note);
  }

  async edit(leadId: string, noteId: string, body: string, staff: StaffPrincipal | undefined): Promise<LeadNote> {
    const note = await this.database.transaction(async (tx) => {
      const current = await this.findNote(leadId, noteId, staff, tx);
      if (current.authorId !== (staff?.id ?? null)) throw new ForbiddenException('Only its author can edit a note.');
      if (current.body === body) return current;
      const updated = await this.notes.update(noteId, body, tx);
      await this.activities.append([activity(leadId, 'note_edited', { noteId }, staff?.id ?? null)], tx);
      return updated;
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
    return toLeadNoteOutput(note);
  }

  async remove(leadId: string, noteId: string, staff: StaffPrincipal | undefined): Promise<void> {
    await this.database.transaction(async (tx) => {
      const current = await this.findNote(leadId, noteId, staff, tx);
      if (staff?.role !== 'admin' && current.authorId !== (staff?.id ?? null)) throw new ForbiddenException('Only its author or an admin can delete a note.');
      await this.notes.delete(noteId, tx);
      await this.activities.append([activity(leadId, 'note_deleted', { noteId }, staff?.id ?? null)], tx);
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
  }

  private async findNote(leadId: string, noteId: string, staff: StaffPrincipal | undefined, tx: TransactionClient) {
    await this.visibleLead(leadId, staff, tx);
    const note = await this.notes.find(leadId, noteId, tx);
    if (!note) throw new NotFoundException(`No note with id ${noteId} on lead ${leadId}.`);
    return note;
  }

  private async visibleLead(leadId: string, staff: StaffPrincipal | undefined, db: Pick<TransactionClient, 'lead'>): Promise<void> {
    const lead = await db.lead.findUnique({ where: { id: leadId }, select: { ownerId: true } });
    if (!lead || !canSeeLead(leadAccessOf(staff), lead.ownerId)) throw new NotFoundException(`No lead with id ${leadId}.`);
  }
}
