import { sourceKey, type SourceCount } from '@lead-desk/contracts';

/** A source exactly as leads store it, and how many leads carry it. */
export interface SpellingCount {
  source: string;
  count: number;
}

/**
 * The sources in use, as the Source filter offers them: spellings that differ only in case
 * counted as one, named by the most used of them (on a tie, the first in sort order), most
 * used first. Spellings no lead carries (count 0) are left out.
 */
export function sourcesInUse(spellings: readonly SpellingCount[]): SourceCount[] {
  const byKey = new Map<string, { source: string; count: number; top: number }>();
  for (const { source, count } of spellings) {
    if (count === 0) continue;
    const key = sourceKey(source);
    const known = byKey.get(key);
    const named = !known || count > known.top || (count === known.top && source < known.source);
    byKey.set(key, {
      source: named ? source : known.source,
      count: (known?.count ?? 0) + count,
      top: named ? count : known.top,
    });
  }
  return [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, { source, count }]) => ({ source, count }));
}

/** The stored spellings that name `source`, case aside: what a `source=` filter selects. */
export function spellingsOf(source: string, spellings: readonly string[]): string[] {
  return spellings.filter((spelling) => sourceKey(spelling) === sourceKey(source));
}
