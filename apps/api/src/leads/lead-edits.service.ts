import { Injectable, NotFoundException, PreconditionFailedException } from '@nestjs/common';
import type { Lead } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import { InvalidFieldsException } from '../common/field-errors';
import { LiveEventsService } from '../events/live-events.service';
import { StaffRepository } from '../staff/staff.repository';
import { StagesRepository } from '../stages/stages.repository';
import { tagChanges } from '../tags/tag-changes';
import { tagsFromColumn, tagsToColumn } from '../tags/stored-tags';
import { TagsRepository } from '../tags/tags.repository';
import { canSeeLead, type LeadAccess } from './access/lead-access';
import { assertMayAssignTo } from './access/owner-assignment';
import type { ValidLeadChanges } from './inputs/lead-changes';
import type { ValidLead } from './inputs/lead-input';
import type { LeadColumns } from './lead-columns';
import { leadFieldChanges } from './lead-field-changes';
import { toLeadChanges } from './lead-write';
import { LeadsRepository, type LeadPipelineChanges } from './leads.repository';
import { PossibleDuplicates } from './duplicates/possible-duplicates';
import { identityKeys, LeadIdentities } from './lead-identity';
import type { TransactionClient } from '../database/prisma-client';
import { toLeadOutput, type LeadWithPipeline } from './outputs/lead.output';
import { CadenceStops, STOP_REASONS } from '../voice/callbacks/cadence-stops';

const LOST_REASON_REQUIRED = 'is required to move a lead to a lost stage';

/**
 * Staff edits of a lead: its fields, stage, owner and lost reason, and archiving. Each
 * edit is one transaction that writes the lead only if it is still at the version the
 * editor saw (`UPDATE … WHERE id AND version`), bumps the version and appends what
 * changed to the activity log; a stale version changes nothing (412).
 */
@Injectable()
export class LeadEditsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly stages: StagesRepository,
    private readonly staff: StaffRepository,
    private readonly activities: LeadActivityRepository,
    private readonly tags: TagsRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly possibleDuplicates: PossibleDuplicates,
    private readonly cadenceStops: CadenceStops,
  ) {}

  async update(id: string, input: ValidLeadChanges, expectedVersion: number | undefined, actorId: string | null, access: LeadAccess): Promise<Lead> {
    const { stageId, ownerId, lostReason, doNotCall, doNotCallReason, ...fields } = input;
    if (ownerId !== undefined) assertMayAssignTo(access, ownerId, 'ownerId');
    const { lead, formerOwnerId } = await this.leads.transaction(async (db) => {
      const current = await this.findEditable(id, expectedVersion, access, db);
      const unchanged = { lead: current, formerOwnerId: current.ownerId };
      const columns = fieldColumns(fields);
      const changes: LeadPipelineChanges = { ...columns };
      const entries: NewActivity[] = leadFieldChanges(current, columns).map((change) => activity(id, 'updated', change, actorId));

      const stage = stageId === undefined || stageId === current.stageId ? current.stage : await this.targetStage(stageId, db);
      const reason = lostReason === undefined ? (stage.id === current.stageId ? current.lostReason : null) : lostReason;
      if (stage.kind === 'lost' && !reason) throw new InvalidFieldsException([{ field: 'lostReason', message: LOST_REASON_REQUIRED }]);
      if (stage.kind !== 'lost' && reason) throw new InvalidFieldsException([{ field: 'lostReason', message: 'is only kept for a lead in a lost stage' }]);
      if (stage.id !== current.stageId || (reason ?? null) !== current.lostReason) {
        changes.stageId = stage.id;
        changes.lostReason = reason ?? null;
        entries.push(
          activity(id, 'stage_changed', { from: named(current.stage), to: named(stage), lostReason: reason ?? null }, actorId),
        );
      }

      if (ownerId !== undefined && ownerId !== current.ownerId) {
        const owner = ownerId === null ? null : await this.targetOwner(ownerId);
        changes.ownerId = ownerId;
        entries.push(activity(id, 'assigned', { from: current.owner && named(current.owner), to: owner && named(owner), by: 'staff' }, actorId));
      }

      const doNotCallChange = doNotCallChanges(current, doNotCall, doNotCallReason);
      if (doNotCallChange) {
        Object.assign(changes, doNotCallChange);
        entries.push(activity(id, 'do_not_call_changed', { doNotCall: doNotCallChange.doNotCall, reason: doNotCallChange.doNotCallReason }, actorId));
      }

      if (entries.length === 0) return unchanged;
      await this.writeAtVersion(current, changes, db);
      if (['name', 'email', 'phone', 'location'].some((field) => field in columns)) entries.push(...(await this.possibleDuplicatesAfter(current, columns, actorId, db)));
      await this.activities.append(entries, db);
      // The agent stops calling a lead staff decided about: in this transaction, so no call slips in after.
      const stopReason = cadenceStopReason(current, changes, stage, actorId);
      if (stopReason) await this.cadenceStops.stop(id, stopReason, actorId, db);
      return { ...unchanged, lead: await this.reload(id, db) };
    });
    // Who saw the lead before: an agent it was taken from is told it left their sight.
    await this.liveEvents.publish({ type: 'lead.updated', id, formerOwnerId });
    return toLeadOutput(lead);
  }

  /**
   * An edit that gives a lead the phone or email of another (the form warned before saving),
   * or a close name in the same location, makes the two a possible duplicate, as a new lead would.
   */
  private async possibleDuplicatesAfter(current: LeadWithPipeline, columns: LeadColumns, actorId: string | null, db: TransactionClient): Promise<NewActivity[]> {
    const edited = { ...current, ...columns };
    const person = { email: edited.email, phone: edited.phone };
    const firsts = new LeadIdentities(await this.leads.findIdentities(identityKeys([person]), db)).firstSharingContact(person, current.id);
    const found = firsts.map(({ lead, reason }) => ({ leadId: current.id, otherLeadId: lead.id, reason }));
    return this.possibleDuplicates.record(found, [edited], actorId, db, new Date());
  }

  /** Gives the lead exactly these tags (as written; compared without case); the same tags again change nothing. */
  async setTags(id: string, tags: string[], expectedVersion: number | undefined, actorId: string | null, access: LeadAccess): Promise<Lead> {
    const lead = await this.leads.transaction(async (db) => {
      const current = await this.findEditable(id, expectedVersion, access, db);
      const before = tagsFromColumn(current.tags);
      const { added, removed } = tagChanges(before, tags);
      if (added.length === 0 && removed.length === 0 && before.join() === tags.join()) return current;
      await this.writeAtVersion(current, { tags: tagsToColumn(tags) }, db);
      await this.tags.replace(id, tags, db);
      await this.activities.append([activity(id, 'tags_changed', { added, removed }, actorId)], db);
      return this.reload(id, db);
    });
    await this.liveEvents.publish({ type: 'lead.updated', id });
    return toLeadOutput(lead);
  }

  /** Archives or brings back a lead; doing it to a lead already so changes nothing. */
  async setArchived(id: string, archived: boolean, expectedVersion: number | undefined, actorId: string | null, access: LeadAccess): Promise<Lead> {
    const lead = await this.leads.transaction(async (db) => {
      const current = await this.findEditable(id, expectedVersion, access, db);
      if ((current.archivedAt !== null) === archived) return current;
      await this.writeAtVersion(current, { archivedAt: archived ? new Date() : null }, db);
      await this.activities.append([activity(id, archived ? 'archived' : 'unarchived', {}, actorId)], db);
      return this.reload(id, db);
    });
    await this.liveEvents.publish({ type: 'lead.updated', id });
    return toLeadOutput(lead);
  }

  /** A lead out of the editor's sight (another agent's) is answered as missing, before its version is looked at. */
  private async findEditable(
    id: string,
    expectedVersion: number | undefined,
    access: LeadAccess,
    db: Parameters<LeadsRepository['findWithPipeline']>[1],
  ): Promise<LeadWithPipeline> {
    const current = await this.leads.findWithPipeline(id, db);
    if (!current || !canSeeLead(access, current.ownerId)) throw new NotFoundException(`No lead with id ${id}.`);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleVersion(current.version);
    return current;
  }

  /** The write itself is conditional on the version read: another writer committing in between makes it change nothing. */
  private async writeAtVersion(current: LeadWithPipeline, changes: LeadPipelineChanges, db: Parameters<LeadsRepository['updateAtVersion']>[3]): Promise<void> {
    if (!(await this.leads.updateAtVersion(current.id, current.version, changes, db))) throw staleVersion();
  }

  private async reload(id: string, db: Parameters<LeadsRepository['findWithPipeline']>[1]): Promise<LeadWithPipeline> {
    const lead = await this.leads.findWithPipeline(id, db);
    if (!lead) throw new NotFoundException(`No lead with id ${id}.`);
    return lead;
  }

  private async targetStage(stageId: string, db: Parameters<StagesRepository['findById']>[1]) {
    const stage = await this.stages.findById(stageId, db);
    if (!stage) throw new InvalidFieldsException([{ field: 'stageId', message: 'is not a stage of the pipeline' }]);
    if (stage.archived) throw new InvalidFieldsException([{ field: 'stageId', message: 'is an archived stage' }]);
    return stage;
  }

  private async targetOwner(ownerId: string) {
    const owner = await this.staff.findById(ownerId);
    if (!owner) throw new InvalidFieldsException([{ field: 'ownerId', message: 'is not a member of staff' }]);
    return owner;
  }
}

/**
 * What an edit of `doNotCall` / `doNotCallReason` writes, or null when it changes nothing.
 * Marking a lead Do Not Call needs a reason (kept while it is so); clearing it clears the reason.
 */
function doNotCallChanges(
  current: Pick<LeadWithPipeline, 'doNotCall' | 'doNotCallReason'>,
  doNotCall: boolean | undefined,
  reason: string | null | undefined,
): { doNotCall: boolean; doNotCallReason: string | null } | null {
  const next = doNotCall ?? current.doNotCall;
  const nextReason = next ? (reason === undefined ? current.doNotCallReason : reason) : null;
  if (next && !nextReason) throw new InvalidFieldsException([{ field: 'doNotCallReason', message: 'is required to mark a lead Do Not Call' }]);
  if (!next && reason) throw new InvalidFieldsException([{ field: 'doNotCallReason', message: 'is only kept for a lead that is Do Not Call' }]);
  if (next === current.doNotCall && nextReason === current.doNotCallReason) return null;
  return { doNotCall: next, doNotCallReason: nextReason };
}

/** Why an edit ends the agent's cadence: Do Not Call set, a won or lost stage, or the editor taking the lead. */
function cadenceStopReason(
  current: Pick<LeadWithPipeline, 'doNotCall' | 'stageId' | 'ownerId'>,
  changes: LeadPipelineChanges,
  stage: { id: string; name: string; kind: string },
  actorId: string | null,
): string | null {
  if (changes.doNotCall === true && !current.doNotCall) return STOP_REASONS.doNotCall;
  if (changes.stageId !== undefined && changes.stageId !== current.stageId && stage.kind !== 'open') return STOP_REASONS.movedTo(stage.name);
  if (actorId && changes.ownerId === actorId && current.ownerId !== actorId) return STOP_REASONS.takenByStaff;
  return null;
}

function named({ id, name }: { id: string; name: string }) {
  return { id, name };
}

/** The lead's own fields an edit names (toLeadChanges' rules; name only when given). */
function fieldColumns(fields: Omit<ValidLeadChanges, 'stageId' | 'ownerId' | 'lostReason' | 'doNotCall' | 'doNotCallReason'>): LeadColumns {
  // ValidLead's optional fields are required-but-undefined keys; toLeadChanges treats undefined as "left out".
  const { name, ...rest } = toLeadChanges({ ...fields, name: fields.name ?? '' } as ValidLead);
  return fields.name === undefined ? rest : { name, ...rest };
}

function staleVersion(now?: number): PreconditionFailedException {
  const since = now === undefined ? 'since the version your change names' : `since: it is at version ${now}`;
  return new PreconditionFailedException(`The lead has changed ${since}. Load it again and reapply your change.`);
}
