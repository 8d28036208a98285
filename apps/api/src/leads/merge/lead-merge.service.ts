import { ConflictException, GoneException, Injectable, Logger, NotFoundException, PreconditionFailedException } from '@nestjs/common';
import { MERGE_UNDO_DAYS, tagKey, type LeadMerge, type MergeOutcome, type MergePreview, type MergeUndone } from '@lead-desk/contracts';
import { activity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { Clock } from '../../common/clock';
import { InvalidFieldsException } from '../../common/field-errors';
import type { StoredLead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import { LiveEventsService } from '../../events/live-events.service';
import { AccessLog } from '../../privacy/access-log/access-log.service';
import { StaffRepository } from '../../staff/staff.repository';
import { tagsFromColumn } from '../../tags/stored-tags';
import { canSeeLead, type LeadAccess } from '../access/lead-access';
import { LeadsRepository } from '../leads.repository';
import { toLeadOutput, type LeadWithPipeline } from '../outputs/lead.output';
import { LeadBelongingsRepository, type RowCounts } from './lead-belongings.repository';
import { LeadMergesRepository, type MergeRecord } from './lead-merges.repository';
import { MOVED_WITH_THE_LEAD } from './lead-references';
import { chosenSides, mergedLeadChanges, mergeFieldRows } from './merge-fields';
import type { ValidMergeRequest } from './inputs/merge-request.input';

const DAY_MS = 86_400_000;

/** How rows added to or deleted from the kept lead are named in an undo's refusal: one, several. */
const ROWS_NAMED: Record<(typeof MOVED_WITH_THE_LEAD)[number], [string, string]> = {
  calls: ['call', 'calls'],
  lead_notes: ['note', 'notes'],
  lead_activities: ['timeline entry', 'timeline entries'],
  lead_consents: ['consent', 'consents'],
  call_refusals: ['refused call', 'refused calls'],
  tasks: ['task', 'tasks'],
  whatsapp_messages: ['WhatsApp message', 'WhatsApp messages'],
};

/**
 * Merging two leads into one, and undoing it. A merge is one transaction: both leads locked and
 * held to the versions the preview showed (412), the merged lead's rows moved to the kept lead
 * (LeadBelongingsRepository), the kept lead written with the fields chosen, the merged lead
 * deleted, the record of both as they were kept for MERGE_UNDO_DAYS, a `merged` entry on the kept
 * lead's timeline and `leads_merged` in the access log. The undo, within those days, puts both
 * leads back exactly (every column, versions and times too, and what belonged to each) and deletes
 * the record; it is refused (409) once the kept lead changed after the merge, so that no later
 * change is ever lost. Agents merge and undo only leads they can see (404 otherwise).
 */
@Injectable()
export class LeadMergeService {
  private readonly logger = new Logger(LeadMergeService.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly belongings: LeadBelongingsRepository,
    private readonly merges: LeadMergesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly staff: StaffRepository,
    private readonly accessLog: AccessLog,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
  ) {}

  /** Both leads as they are now, every field side by side with what the merge proposes, and what the merged lead brings. */
  async preview(keepId: string, mergeId: string, access: LeadAccess): Promise<MergePreview> {
    refuseSameLead(keepId, mergeId);
    const [kept, merged] = await Promise.all([this.visibleLead(keepId, access), this.visibleLead(mergeId, access)]);
    const counts = await this.belongings.count(mergeId);
    const keptKeys = new Set(tagsFromColumn(kept.tags).map(tagKey));
    return {
      kept: toLeadOutput(kept),
      merged: toLeadOutput(merged),
      fields: mergeFieldRows(kept, merged),
      moves: {
        calls: counts.calls,
        notes: counts.lead_notes,
        consents: counts.lead_consents,
        activities: counts.lead_activities,
        tasks: counts.tasks,
        tags: tagsFromColumn(merged.tags).filter((tag) => !keptKeys.has(tagKey(tag))),
        doNotCall: merged.doNotCall,
      },
    };
  }

  async merge(request: ValidMergeRequest, actorId: string | null, access: LeadAccess): Promise<MergeOutcome> {
    const { keepId, mergeId, keepVersion, mergeVersion } = request;
    refuseSameLead(keepId, mergeId);
    const now = this.clock.now();
    const { record, lead } = await this.leads.transaction(async (db) => {
      await this.leads.lockForChange([keepId, mergeId], db);
      const kept = await this.visibleLead(keepId, access, db);
      const merged = await this.visibleLead(mergeId, access, db);
      refuseStale(kept, keepVersion);
      refuseStale(merged, mergeVersion);
      const changes = mergedLeadChanges(kept, merged, chosenSides(request.choose, kept, merged));
      const keptLead = (await this.leads.findStored(keepId, db))!;
      const mergedLead = (await this.leads.findStored(mergeId, db))!;

      const id = newRowId();
      const belongings = await this.belongings.move(mergeId, keepId, db);
      if (!(await this.leads.updateAtVersion(keepId, keepVersion, changes, db))) throw staleLead(keepId);
      if (!(await this.leads.deleteAtVersion(mergeId, mergeVersion, db))) throw staleLead(mergeId);
      await this.activities.append([activity(keepId, 'merged', { mergeId: id, mergedLeadId: mergeId }, actorId)], db, now);
      const undoUntil = new Date(now.getTime() + MERGE_UNDO_DAYS * DAY_MS);
      const keptRows = await this.belongings.count(keepId, db);
      const record: MergeRecord = { id, keptLeadId: keepId, mergedLeadId: mergeId, mergedAt: now, mergedById: actorId, undoUntil, keptVersion: keepVersion + 1, keptLead, mergedLead, belongings, keptRows };
      await this.merges.insert(record, db);
      await this.accessLog.record({ actorId, action: 'leads_merged', leadId: keepId, targetIds: [keepId, mergeId], details: { mergeId: id } }, db);
      return { record, lead: (await this.leads.findWithPipeline(keepId, db))! };
    });
    this.logger.log({ mergeId: record.id, keptLeadId: keepId, mergedLeadId: mergeId, actorId }, 'Leads merged');
    // Each lead's owner before the merge: the agents who saw it are told when it left their sight.
    await this.liveEvents.publishAll([
      { type: 'lead.updated', id: keepId, formerOwnerId: record.keptLead.ownerId },
      { type: 'lead.removed', id: mergeId, formerOwnerId: record.mergedLead.ownerId },
    ]);
    return { merge: await this.toLeadMerge(record, null), lead: toLeadOutput(lead) };
  }

  async undo(mergeId: string, actorId: string | null, access: LeadAccess): Promise<MergeUndone> {
    const now = this.clock.now();
    const undone = await this.leads.transaction(async (db) => {
      // Deleting the record first makes a second undo of it wait for this one, then find it gone.
      const record = await this.merges.find(mergeId, db);
      if (!record || !(await this.merges.delete(mergeId, db))) return null;
      await this.leads.lockForChange([record.keptLeadId], db);
      const kept = await this.leads.findStored(record.keptLeadId, db);
      // The kept lead as it is now (as the merge left it, when it is gone), and the merged lead as it was.
      if (!canSeeLead(access, (kept ?? record.keptLead).ownerId) || !canSeeLead(access, record.mergedLead.ownerId)) throw noMerge(mergeId);
      if (now > record.undoUntil) throw new GoneException(`Merge ${mergeId} can no longer be undone: its ${MERGE_UNDO_DAYS} days ended at ${record.undoUntil.toISOString()}.`);
      if (!kept) throw await this.keptLeadMergedSince(record, db);
      await this.refuseLaterChanges(record, kept, db);

      const staff = await this.belongings.existingStaff([record.keptLead.ownerId, record.mergedLead.ownerId].filter((id) => id !== null), db);
      // An owner removed since is unassigned, as the foreign key would have left the lead.
      const withOwner = (row: StoredLead): StoredLead => ({ ...row, ownerId: row.ownerId && staff.has(row.ownerId) ? row.ownerId : null });
      await this.leads.restore(withOwner(record.mergedLead), db);
      await this.belongings.restore(record.belongings, record.mergedLeadId, record.keptLeadId, db);
      if (!(await this.leads.restoreAtVersion(withOwner(record.keptLead), record.keptVersion, db))) throw staleLead(record.keptLeadId);
      await this.activities.append([activity(record.keptLeadId, 'merge_undone', { mergeId, restoredLeadId: record.mergedLeadId }, actorId)], db, now);
      await this.accessLog.record(
        { actorId, action: 'merge_undone', leadId: record.keptLeadId, targetIds: [record.keptLeadId, record.mergedLeadId], details: { mergeId } },
        db,
      );
      const [keptLead, restored] = [await this.leads.findWithPipeline(record.keptLeadId, db), await this.leads.findWithPipeline(record.mergedLeadId, db)];
      return { record, kept: keptLead!, restored: restored!, keptOwnerBefore: kept.ownerId };
    });
    if (!undone) throw await this.goneMerge(mergeId, access);
    this.logger.log({ mergeId, keptLeadId: undone.record.keptLeadId, restoredLeadId: undone.record.mergedLeadId, actorId }, 'Merge undone');
    await this.liveEvents.publishAll([
      { type: 'lead.updated', id: undone.record.keptLeadId, formerOwnerId: undone.keptOwnerBefore },
      { type: 'lead.created', id: undone.record.mergedLeadId },
    ]);
    return { merge: await this.toLeadMerge(undone.record, now), kept: toLeadOutput(undone.kept), restored: toLeadOutput(undone.restored) };
  }

  /** A lead in the viewer's sight, or a 404 as if it did not exist. */
  private async visibleLead(id: string, access: LeadAccess, db?: TransactionClient): Promise<LeadWithPipeline> {
    const lead = await this.leads.findWithPipeline(id, db);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${id}.`);
    return lead;
  }

  /**
   * Any change to the kept lead after the merge (an edit moves its version on; a note, a call, a
   * consent or any other entry adds a row) refuses the undo: putting the lead back as it was
   * would lose it.
   */
  private async refuseLaterChanges(record: MergeRecord, kept: StoredLead, db: TransactionClient): Promise<void> {
    const now: RowCounts = await this.belongings.count(record.keptLeadId, db);
    const rows = MOVED_WITH_THE_LEAD.flatMap((table) => {
      // A record made before a table moved with the lead did not count its rows: nothing to compare.
      const then: number | undefined = record.keptRows[table];
      if (then === undefined || now[table] === then) return [];
      const difference = now[table] - then;
      const [one, several] = ROWS_NAMED[table];
      return [`${Math.abs(difference)} ${Math.abs(difference) === 1 ? one : several} ${difference > 0 ? 'added' : 'deleted'}`];
    });
    const edited = kept.version !== record.keptVersion ? [`edited (version ${record.keptVersion} → ${kept.version})`] : [];
    if (edited.length + rows.length === 0) return;
    throw new ConflictException(
      `Lead ${record.keptLeadId} changed after the merge (${[...edited, ...rows].join(', ')}): undoing the merge would lose those changes, so nothing was undone.`,
    );
  }

  /** The kept lead is gone: only a later merge of it takes it away while its record lives (an erasure deletes the record too). */
  private async keptLeadMergedSince(record: MergeRecord, db: TransactionClient): Promise<ConflictException> {
    const later = await this.merges.findByMergedLead(record.keptLeadId, db);
    const into = later ? ` into lead ${later.keptLeadId} (merge ${later.id}): undo that merge first` : '';
    return new ConflictException(`Lead ${record.keptLeadId} was merged${into}. Nothing was undone.`);
  }

  /** Why a merge has no record: undone already, past its days (or erased), or never made; the log of merges tells. */
  private async goneMerge(mergeId: string, access: LeadAccess): Promise<Error> {
    const trace = await this.accessLog.findLatestNaming(['leads_merged', 'merge_undone'], 'mergeId', mergeId);
    const kept = trace?.leadId ? await this.leads.findStored(trace.leadId) : null;
    if (!trace || !kept || !canSeeLead(access, kept.ownerId)) return noMerge(mergeId);
    if (trace.action === 'merge_undone') return new ConflictException(`Merge ${mergeId} was undone already, at ${trace.at.toISOString()}.`);
    return new GoneException(`Merge ${mergeId} can no longer be undone: its record is gone (${MERGE_UNDO_DAYS} days after the merge it is purged).`);
  }

  private async toLeadMerge(record: MergeRecord, undoneAt: Date | null): Promise<LeadMerge> {
    const by = record.mergedById ? await this.staff.findById(record.mergedById) : null;
    return {
      id: record.id,
      keptLeadId: record.keptLeadId,
      mergedLeadId: record.mergedLeadId,
      at: record.mergedAt.toISOString(),
      by: by && { id: by.id, name: by.name },
      undoUntil: record.undoUntil.toISOString(),
      undoneAt: undoneAt?.toISOString() ?? null,
    };
  }
}

function refuseSameLead(keepId: string, mergeId: string): void {
  if (keepId === mergeId) throw new InvalidFieldsException([{ field: 'mergeId', message: 'must be another lead than keepId' }]);
}

function refuseStale(lead: LeadWithPipeline, version: number): void {
  if (lead.version !== version) throw staleLead(lead.id, lead.version);
}

function staleLead(id: string, now?: number): PreconditionFailedException {
  const since = now === undefined ? '' : ` (it is at version ${now})`;
  return new PreconditionFailedException(`Lead ${id} has changed since the preview${since}. Load the preview again and choose again.`);
}

function noMerge(id: string): NotFoundException {
  return new NotFoundException(`No merge with id ${id}.`);
}
