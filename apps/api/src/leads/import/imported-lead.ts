import type { Lead } from '../../database/models';
import { tagsToColumn } from '../../tags/stored-tags';
import { freshLead } from '../fresh-lead';
import { toLeadWrite } from '../lead-write';
import type { ImportRow } from './import-row';
import { tagsAfterRow } from './row-tags';

/** The lead a row creates, with `id`: its fields, the stage, owner, lost reason and tags it gives (else a fresh lead's), created when it says or `now`. */
export function importedLead(row: ImportRow, id: string, entryStageId: string, now: Date): Lead {
  return {
    ...toLeadWrite(row.lead),
    ...freshLead(row.stage?.id ?? entryStageId),
    lostReason: row.lostReason ?? null,
    ownerId: row.owner?.id ?? null,
    tags: tagsToColumn(tagsAfterRow(row, []) ?? []),
    id,
    createdAt: row.createdAt ?? now,
    updatedAt: now,
  };
}
