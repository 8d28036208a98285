import { tagKey } from '@lead-desk/contracts';

/** What a new tag list adds to and removes from the old one, tags compared without case (a respelling is neither). */
export function tagChanges(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const beforeKeys = new Set(before.map(tagKey));
  const afterKeys = new Set(after.map(tagKey));
  return {
    added: after.filter((tag) => !beforeKeys.has(tagKey(tag))),
    removed: before.filter((tag) => !afterKeys.has(tagKey(tag))),
  };
}
