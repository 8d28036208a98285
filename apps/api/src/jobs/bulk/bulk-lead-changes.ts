import { Injectable } from '@nestjs/common';
import { tagKey, type BulkAction } from '@lead-desk/contracts';
import type { NewActivity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import type { TransactionClient } from '../../database/prisma-client';
import { LeadsRepository } from '../../leads/leads.repository';
import { StaffRepository } from '../../staff/staff.repository';
import { StagesRepository } from '../../stages/stages.repository';
import { tagsFromColumn, tagsToColumn } from '../../tags/stored-tags';
import { TagsRepository } from '../../tags/tags.repository';
import { CadenceStops, STOP_REASONS } from '../../voice/callbacks/cadence-stops';
import type { JobError } from '../job-record';
import { bulkLeadChange, type ResolvedBulkAction } from './bulk-lead-change';

/** What one batch did: leads changed, leads skipped (already so, gone or refused), and each refusal. */
export interface BatchOutcome {
  changed: number;
  skipped: number;
  errors: JobError[];
}

export type BulkChangeAction = Exclude<BulkAction, { type: 'export' }>;

/** Applies a bulk action to a batch of leads inside the batch's transaction: the leads, their tag index and one activity entry per changed lead. */
@Injectable()
export class BulkLeadChanges {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly stages: StagesRepository,
    private readonly staff: StaffRepository,
    private readonly tags: TagsRepository,
    private readonly activities: LeadActivityRepository,
    private readonly cadenceStops: CadenceStops,
  ) {}

  /** The action with the stage or member of staff it names, as they are now; why it cannot go on when one is gone. */
  async resolve(action: BulkChangeAction, db: TransactionClient): Promise<ResolvedBulkAction | { stopped: string }> {
    switch (action.type) {
      case 'assign': {
        if (action.ownerId === null) return { type: 'assign', owner: null };
        const owner = await this.staff.findById(action.ownerId);
        return owner ? { type: 'assign', owner: { id: owner.id, name: owner.name } } : { stopped: `The member of staff ${action.ownerId} no longer exists.` };
      }
      case 'stage': {
        const stage = await this.stages.findById(action.stageId, db);
        if (!stage || stage.archived) return { stopped: `The stage ${action.stageId} is no longer on the board.` };
        return { type: 'stage', stage: { id: stage.id, name: stage.name, kind: stage.kind }, lostReason: stage.kind === 'lost' ? (action.lostReason ?? null) : null };
      }
      default:
        return action;
    }
  }

  async apply(action: ResolvedBulkAction, leadIds: string[], actorId: string | null, db: TransactionClient): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { changed: 0, skipped: 0, errors: [] };
    const leads = new Map((await this.leads.findBulkTargets(leadIds, db)).map((lead) => [lead.id, lead]));
    const changedIds: string[] = [];
    const entries: NewActivity[] = [];
    const tagColumns = new Map<string, string>();
    const addedTags: { leadId: string; tag: string }[] = [];
    for (const id of leadIds) {
      const lead = leads.get(id);
      if (!lead) {
        outcome.skipped += 1;
        outcome.errors.push({ id, line: null, field: null, message: 'The lead no longer exists.' });
        continue;
      }
      const target = {
        id,
        stage: { id: lead.stageId, name: lead.stage.name },
        owner: lead.ownerId && lead.owner ? { id: lead.ownerId, name: lead.owner.name } : null,
        lostReason: lead.lostReason,
        archived: lead.archivedAt !== null,
        tags: tagsFromColumn(lead.tags),
      };
      const change = bulkLeadChange(action, target, actorId);
      if (change.kind !== 'changed') {
        outcome.skipped += 1;
        if (change.kind === 'refused') outcome.errors.push({ id, line: null, field: null, message: `The lead ${change.message}.` });
        continue;
      }
      outcome.changed += 1;
      changedIds.push(id);
      entries.push(change.entry);
      if (change.tags) {
        tagColumns.set(id, tagsToColumn(change.tags.after));
        addedTags.push(...change.tags.added.map((tag) => ({ leadId: id, tag })));
      }
    }
    const now = new Date();
    await this.write(action, changedIds, tagColumns, addedTags, now, db);
    await this.activities.append(entries, db, now);
    const stopReason = cadenceStopReason(action, actorId);
    if (stopReason) await this.cadenceStops.stopMany(changedIds, stopReason, actorId, db, now);
    return outcome;
  }

  private async write(
    action: ResolvedBulkAction,
    ids: string[],
    tagColumns: Map<string, string>,
    addedTags: { leadId: string; tag: string }[],
    now: Date,
    db: TransactionClient,
  ): Promise<void> {
    switch (action.type) {
      case 'assign':
        return this.leads.setPipelineMany(ids, { ownerId: action.owner?.id ?? null }, now, db);
      case 'stage':
        return this.leads.setPipelineMany(ids, { stageId: action.stage.id, lostReason: action.lostReason }, now, db);
      case 'archive':
        return this.leads.setPipelineMany(ids, { archivedAt: now }, now, db);
      case 'unarchive':
        return this.leads.setPipelineMany(ids, { archivedAt: null }, now, db);
      case 'addTags':
        await this.leads.setTagsMany(tagColumns, now, db);
        return this.tags.addMany(addedTags, db);
      case 'removeTags':
        await this.leads.setTagsMany(tagColumns, now, db);
        return this.tags.removeMany(ids, action.tags.map(tagKey), db);
    }
  }
}

/** A batch that decides about its leads stops the agent calling them, as the same edit of one lead does: a won or lost stage, or the actor taking them. */
function cadenceStopReason(action: ResolvedBulkAction, actorId: string | null): string | null {
  if (action.type === 'stage' && action.stage.kind !== 'open') return STOP_REASONS.movedTo(action.stage.name);
  if (action.type === 'assign' && actorId !== null && action.owner?.id === actorId) return STOP_REASONS.takenByStaff;
  return null;
}
