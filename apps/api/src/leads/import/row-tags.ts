import { MAX_TAGS_PER_LEAD, tagKey } from '@lead-desk/contracts';
import type { ImportRow } from './import-row';

/**
 * The tags a row leaves on a lead that has `current`: its Tags column's (exactly those)
 * or else the lead's own, with the tags its other columns add (a Meta export's campaign
 * and form) where the lead has room and does not carry them already. Undefined when the
 * row says nothing of tags.
 */
export function tagsAfterRow(row: Pick<ImportRow, 'tags' | 'addedTags'>, current: string[]): string[] | undefined {
  if (row.tags === undefined && row.addedTags === undefined) return undefined;
  const tags = [...(row.tags ?? current)];
  for (const tag of row.addedTags ?? []) {
    if (tags.length < MAX_TAGS_PER_LEAD && !tags.some((held) => tagKey(held) === tagKey(tag))) tags.push(tag);
  }
  return tags;
}
