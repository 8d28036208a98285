import { likePattern } from '../like-pattern';
import type { RowReader, SearchPurpose, TextSearch } from '../database-dialect';
import { join, raw, sql, type Sql } from '../sql';
import { VersionedCache } from '../versioned-cache';

/**
 * A search term with at least this many matches is served, for a page, by walking the
 * list's index (matches are common, the page fills quickly); below it, by the FTS
 * index (the few matches are fetched and sorted).
 */
export const SQLITE_COMMON_TERM_MATCHES = 2000;

/** An FTS5 phrase: the term as one quoted string, matched as a substring by the trigram tokenizer. */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * Substring search on SQLite: the FTS5 trigram table serves terms of 3+ characters
 * (its trigrams need them; shorter terms scan with LIKE, which is case-insensitive for
 * ASCII letters only). SQLite's planner would always start a page from the FTS matches
 * and sort them all (50 ms for a term matching 50,000 leads), so for a page a common
 * term instead walks the list's index newest first, testing each row with LIKE until
 * the page is full. LIKE and the trigram index agree on ASCII terms only.
 */
export class SqliteSearch {
  /** How many rows (up to SQLITE_COMMON_TERM_MATCHES) a term matches; only the plan depends on it, so a minute old is fine. */
  private readonly termMatches = new VersionedCache<number>(1000, 60_000);

  async condition(search: TextSearch, term: string, purpose: SearchPurpose, reader: RowReader): Promise<Sql> {
    if (purpose === 'count' || !/^[\x20-\x7e]{3,}$/.test(term)) return indexedCondition(search, term);
    const matches = await this.termMatches.get(`${search.ftsTable}\n${term.toLowerCase()}`, '', async () => {
      const [row] = await reader.rows<{ matches: number }>(sql`
        SELECT COUNT(*) AS matches FROM (
          SELECT rowid FROM ${raw(search.ftsTable)} WHERE ${raw(search.ftsTable)} MATCH ${ftsPhrase(term)} LIMIT ${SQLITE_COMMON_TERM_MATCHES}
        ) AS probe`);
      return row.matches;
    });
    return matches < SQLITE_COMMON_TERM_MATCHES ? indexedCondition(search, term) : likeCondition(search, term);
  }
}

function indexedCondition(search: TextSearch, term: string): Sql {
  if ([...term].length < 3) return likeCondition(search, term);
  return sql`rowid IN (SELECT rowid FROM ${raw(search.ftsTable)} WHERE ${raw(search.ftsTable)} MATCH ${ftsPhrase(term)})`;
}

function likeCondition(search: TextSearch, term: string): Sql {
  const pattern = likePattern(term);
  return sql`(${join(
    search.columns.map((column) => sql`${raw(column)} LIKE ${pattern} ESCAPE '\\'`),
    ' OR ',
  )})`;
}
