import { IMPORT_CHANGE_FIELDS, tagKey, type ImportChangeOutcome, type ImportFieldChange } from '@lead-desk/contracts';
import type { ConsentState } from '../../compliance/consents.repository';
import type { Lead } from '../../database/models';
import { tagsFromColumn } from '../../tags/stored-tags';
import { leadColumnsOf, leadFieldChanges } from '../lead-field-changes';
import type { LeadColumns } from '../lead-columns';
import type { ConsentAction, ConsentCell } from './import-contact-rules';
import type { ImportNames } from './import-names';
import type { MatchedRowWrite, PipelineWrite } from './matched-row-write';

/** What a matched row's Consent, WhatsApp opt-in and Do Not Call cells do to its lead. */
export interface RowContactEffect {
  consents: Partial<Record<ConsentCell, { state: ConsentState; action: ConsentAction }>>;
  setsDoNotCall: boolean;
}

/**
 * Each field a row gives that differs from its lead's (`was`), as the preview lists it: the
 * value before, the row's, and whether it is filled (the lead lacked it, or only gains
 * tags), overwritten or kept; the stage and owner by name, the consent as leads.csv writes
 * it (true, false, null), the WhatsApp opt-in alike; in the order of IMPORT_CHANGE_FIELDS.
 */
export function previewChanges(was: Lead, write: MatchedRowWrite, contact: RowContactEffect, names: ImportNames): ImportFieldChange[] {
  const changes: ImportFieldChange[] = [
    ...fieldChanges(was, write.columns, false),
    ...fieldChanges(was, write.kept.columns, true),
    ...pipelineChanges(was, write.pipeline, false, names),
    ...pipelineChanges(was, write.kept.pipeline, true, names),
    ...Object.entries(contact.consents).flatMap(([field, consent]) => consentChange(field as ConsentCell, consent)),
    ...(contact.setsDoNotCall ? [{ field: 'doNotCall', from: false, to: true, outcome: 'overwritten' } as const] : []),
  ];
  return changes.sort((one, other) => IMPORT_CHANGE_FIELDS.indexOf(one.field) - IMPORT_CHANGE_FIELDS.indexOf(other.field));
}

/** A written value fills an empty field and overwrites any other. */
function outcome(from: unknown, kept: boolean): ImportChangeOutcome {
  if (kept) return 'kept';
  return from === null ? 'filled' : 'overwritten';
}

function fieldChanges(was: Lead, columns: LeadColumns, kept: boolean): ImportFieldChange[] {
  return leadFieldChanges(leadColumnsOf(was), columns).map(({ field, from, to }) => ({ field: field as ImportFieldChange['field'], from, to, outcome: outcome(from, kept) }));
}

function pipelineChanges(was: Lead, pipeline: PipelineWrite, kept: boolean, names: ImportNames): ImportFieldChange[] {
  const changes: ImportFieldChange[] = [];
  if (pipeline.stageId !== undefined) changes.push({ field: 'stage', from: names.stageName(was.stageId), to: names.stageName(pipeline.stageId), outcome: outcome(was.stageId, kept) });
  if (pipeline.lostReason !== undefined && pipeline.lostReason !== was.lostReason) {
    changes.push({ field: 'lostReason', from: was.lostReason, to: pipeline.lostReason, outcome: outcome(was.lostReason, kept) });
  }
  if (pipeline.ownerId !== undefined) changes.push({ field: 'owner', from: names.ownerName(was.ownerId), to: names.ownerName(pipeline.ownerId), outcome: outcome(was.ownerId, kept) });
  if (pipeline.tags !== undefined) {
    const from = tagsFromColumn(was.tags);
    const to = tagsFromColumn(pipeline.tags);
    const removes = from.some((tag) => !to.some((other) => tagKey(other) === tagKey(tag)));
    changes.push({ field: 'tags', from, to, outcome: outcome(removes ? from : null, kept) });
  }
  return changes;
}

const CONSENT_VALUE: Record<ConsentState, boolean | null> = { standing: true, withdrawn: false, none: null };

function consentChange(field: ConsentCell, consent: RowContactEffect['consents'][ConsentCell]): ImportFieldChange[] {
  if (!consent) return [];
  const from = CONSENT_VALUE[consent.state];
  if (consent.action === 'withdraw') return [{ field, from, to: false, outcome: 'overwritten' }];
  return [{ field, from, to: true, outcome: outcome(from, consent.action === 'kept') }];
}
