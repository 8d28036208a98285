import { ConflictException } from '@nestjs/common';
import { MAX_TAGS_PER_LEAD, MERGE_FIELDS, tagKey, type MergeField, type MergePreview, type MergeSide } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../../common/field-errors';
import { tagsFromColumn, tagsToColumn } from '../../tags/stored-tags';
import type { LeadColumns } from '../lead-columns';
import type { LeadPipelineChanges } from '../leads.repository';
import type { LeadWithPipeline } from '../outputs/lead.output';

type FieldValue = MergePreview['fields'][number]['kept'];
/** The fields that are the lead's own columns; the stage and the owner are where it stands with the team. */
type OwnField = Exclude<MergeField, 'stage' | 'owner'>;

/** The columns each of the lead's own fields is stored in (a budget is a number or text). */
const FIELD_COLUMNS: Record<OwnField, (keyof LeadColumns)[]> = {
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  location: ['location'],
  qualified: ['qualified'],
  source: ['source'],
  interestedIn: ['interestedIn'],
  budget: ['budgetAmount', 'budgetText'],
  timeline: ['timeline'],
  loan_needed: ['loanNeeded'],
};

/** A field as the preview shows it: the lead's value, the stage and the owner by name. */
function shown(lead: LeadWithPipeline, field: MergeField): FieldValue {
  if (field === 'stage') return lead.stage.name;
  if (field === 'owner') return lead.owner?.name ?? null;
  if (field === 'budget') return lead.budgetAmount ?? lead.budgetText;
  return lead[FIELD_COLUMNS[field][0]];
}

/** Whether the two leads differ in a field: the stage with its lost reason, the owner by id. */
function differs(kept: LeadWithPipeline, merged: LeadWithPipeline, field: MergeField): boolean {
  if (field === 'stage') return kept.stageId !== merged.stageId || kept.lostReason !== merged.lostReason;
  if (field === 'owner') return kept.ownerId !== merged.ownerId;
  return FIELD_COLUMNS[field].some((column) => kept[column] !== merged[column]);
}

/**
 * What the merge proposes for a field: the kept lead's value, or the merged one's where the kept
 * lead has none. The stage and the owner go together (with the lost reason): the merged lead's
 * where the kept lead is unassigned and the merged one is someone's.
 */
export function proposedSide(kept: LeadWithPipeline, merged: LeadWithPipeline, field: MergeField): MergeSide {
  if (field === 'stage' || field === 'owner') return kept.ownerId === null && merged.ownerId !== null ? 'merged' : 'kept';
  return shown(kept, field) === null && shown(merged, field) !== null ? 'merged' : 'kept';
}

/** Every field side by side, as the preview shows them. */
export function mergeFieldRows(kept: LeadWithPipeline, merged: LeadWithPipeline): MergePreview['fields'] {
  return MERGE_FIELDS.map((field) => ({
    field,
    kept: shown(kept, field),
    merged: shown(merged, field),
    differs: differs(kept, merged, field),
    proposed: proposedSide(kept, merged, field),
  }));
}

/**
 * Whose value the kept lead takes for each field: the choice, else the proposal. The stage and
 * the owner are one choice: naming one carries the other, naming both differently is a 400.
 */
export function chosenSides(choose: Partial<Record<MergeField, MergeSide>>, kept: LeadWithPipeline, merged: LeadWithPipeline): Record<MergeField, MergeSide> {
  if (choose.stage && choose.owner && choose.stage !== choose.owner) {
    throw new InvalidFieldsException([{ field: 'choose.owner', message: 'goes with the stage: choose the same lead for stage and owner' }]);
  }
  const pipeline = choose.stage ?? choose.owner ?? proposedSide(kept, merged, 'stage');
  const sides = Object.fromEntries(MERGE_FIELDS.map((field) => [field, choose[field] ?? proposedSide(kept, merged, field)])) as Record<MergeField, MergeSide>;
  return { ...sides, stage: pipeline, owner: pipeline };
}

/** The tags of both leads, the kept lead's first, each once (without case); more than a lead may carry is a 409. */
export function mergedTags(kept: LeadWithPipeline, merged: LeadWithPipeline): string[] {
  const keptTags = tagsFromColumn(kept.tags);
  const keys = new Set(keptTags.map(tagKey));
  const tags = [...keptTags, ...tagsFromColumn(merged.tags).filter((tag) => !keys.has(tagKey(tag)))];
  if (tags.length > MAX_TAGS_PER_LEAD) {
    throw new ConflictException(`Together the two leads have ${tags.length} tags, more than the ${MAX_TAGS_PER_LEAD} a lead may carry: remove some first. Nothing was merged.`);
  }
  return tags;
}

/**
 * What the kept lead is written with: each field from the lead chosen for it, the stage, lost
 * reason and owner from one lead, the tags of both, Do Not Call if either is (never lost, its
 * reason the kept lead's while it has one), and the mark of a person erased before if either has it.
 */
export function mergedLeadChanges(kept: LeadWithPipeline, merged: LeadWithPipeline, sides: Record<MergeField, MergeSide>): LeadPipelineChanges {
  const from = (side: MergeSide) => (side === 'kept' ? kept : merged);
  const changes: LeadPipelineChanges = {};
  for (const field of Object.keys(FIELD_COLUMNS) as OwnField[]) {
    for (const column of FIELD_COLUMNS[field]) Object.assign(changes, { [column]: from(sides[field])[column] });
  }
  const pipeline = from(sides.stage);
  const doNotCall = kept.doNotCall ? kept : merged;
  return {
    ...changes,
    stageId: pipeline.stageId,
    lostReason: pipeline.lostReason,
    ownerId: pipeline.ownerId,
    tags: tagsToColumn(mergedTags(kept, merged)),
    doNotCall: doNotCall.doNotCall,
    doNotCallReason: doNotCall.doNotCallReason,
    previouslyErasedAt: kept.previouslyErasedAt ?? merged.previouslyErasedAt,
  };
}
