import { MAX_TAGS_PER_LEAD, tagKey, type ImportMatchMode } from '@lead-desk/contracts';
import type { Lead } from '../../database/models';
import { tagsFromColumn, tagsToColumn } from '../../tags/stored-tags';
import type { LeadColumns } from '../lead-columns';
import { columnsOfFields, leadColumnsOf, leadFieldChanges } from '../lead-field-changes';
import { toLeadChanges } from '../lead-write';
import type { LeadIdentity } from '../lead-identity';
import type { ImportRow } from './import-row';
import { tagsAfterRow } from './row-tags';

/** Where a lead stands in the pipeline, as a row may change it. */
export type PipelineWrite = Partial<Pick<Lead, 'stageId' | 'lostReason' | 'ownerId' | 'tags'>>;

/** A row's values over a lead's: what is written, and what differs but stays as stored. */
export interface MatchedRowWrite {
  columns: LeadColumns;
  pipeline: PipelineWrite;
  /** The row's values that differ from the lead's and are not written (onMatch `overwrite` would write them). */
  kept: { columns: LeadColumns; pipeline: PipelineWrite };
}

/** A value the row gives over the lead's: written where the lead lacks one, or when the import chose `overwrite`. */
const writes = (stored: unknown, onMatch: ImportMatchMode) => stored === null || onMatch === 'overwrite';

/** The lead's own columns a row gives over `before`: those written, and those that differ and are kept. */
function columnWrites(before: LeadColumns, given: LeadColumns, onMatch: ImportMatchMode): { columns: LeadColumns; kept: LeadColumns } {
  const differing = leadFieldChanges(before, given);
  const written = new Set(differing.filter(({ from }) => writes(from, onMatch)).map(({ field }) => field));
  return { columns: columnsOfFields(given, written), kept: columnsOfFields(given, new Set(differing.map(({ field }) => field).filter((field) => !written.has(field)))) };
}

/**
 * What a row writes of who a lead is (its name, email and phone), as matchedRowWrite
 * writes them: what a dry run needs to know the person by for the rows after.
 */
export function identityWrite(was: LeadIdentity, row: ImportRow, onMatch: ImportMatchMode): Pick<LeadColumns, 'name' | 'email' | 'phone'> {
  const { name, email, phone } = toLeadChanges(row.lead);
  return columnWrites({ name: was.name, email: was.email, phone: was.phone }, { name, email, phone }, onMatch).columns;
}

/**
 * What a row writes over the lead it is the same person as (`was`, as the rows before it
 * left it). A value the row gives that equals the lead's changes nothing; one the lead
 * lacks (an empty field, no owner) is written; one that differs is written only when the
 * import chose `overwrite`, else kept. A lead always has a name, a stage, a source and
 * `qualified`, so fill never changes those. Tags: fill adds the row's to the lead's (adding
 * destroys nothing), where the lead has room; overwrite gives the lead the row's Tags column
 * exactly, as a new lead gets it. A lost stage's reason goes with the stage.
 */
export function matchedRowWrite(was: Lead, row: ImportRow, onMatch: ImportMatchMode): MatchedRowWrite {
  const { columns, kept } = columnWrites(leadColumnsOf(was), toLeadChanges(row.lead), onMatch);
  const result: MatchedRowWrite = { columns, pipeline: {}, kept: { columns: kept, pipeline: {} } };
  const place = (write: boolean) => (write ? result.pipeline : result.kept.pipeline);

  if (row.stage && row.stage.id !== was.stageId) {
    Object.assign(place(writes(was.stageId, onMatch)), { stageId: row.stage.id, lostReason: row.lostReason ?? null });
  } else if (row.stage && (row.lostReason ?? null) !== was.lostReason) {
    place(writes(was.lostReason, onMatch)).lostReason = row.lostReason ?? null;
  }
  if (row.owner && row.owner.id !== was.ownerId) place(writes(was.ownerId, onMatch)).ownerId = row.owner.id;

  if (row.tags !== undefined || row.addedTags !== undefined) {
    const stored = tagsFromColumn(was.tags);
    const exactly = tagsToColumn(tagsAfterRow(row, stored)!);
    const tags = onMatch === 'overwrite' ? exactly : tagsToColumn(withTags(stored, [...(row.tags ?? []), ...(row.addedTags ?? [])]));
    if (tags !== was.tags) result.pipeline.tags = tags;
    else if (exactly !== was.tags) result.kept.pipeline.tags = exactly;
  }
  return result;
}

/** The lead's tags with the row's added after them, those it carries already (by tagKey) and those beyond MAX_TAGS_PER_LEAD left out. */
function withTags(stored: string[], added: string[]): string[] {
  const tags = [...stored];
  for (const tag of added) {
    if (tags.length < MAX_TAGS_PER_LEAD && !tags.some((held) => tagKey(held) === tagKey(tag))) tags.push(tag);
  }
  return tags;
}
