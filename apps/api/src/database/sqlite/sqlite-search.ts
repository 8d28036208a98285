import { likePattern } from '../like-pattern';
import type { RowReader, SearchPurpose, SearchTarget } from '../database-dialect';
import { join, raw, sql, type Sql } from '../sql';
import { VersionedCache } from '../versioned-cache';

/**
 * A search with at least this many matches is served, for a page, by walking the
 * list's index (matches are common, the page fills quickly); below it, by the FTS
 * indexes (the few matches are fetched and sorted).
 */
export const SQLITE_COMMON_TERM_MATCHES = 2000;

/** An FTS5 phrase: the term as one quoted string, matched as a substring by the trigram tokenizer. */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * Substring search on SQLite: FTS5 trigram tables serve terms of 3+ characters (their
 * trigrams need them; shorter terms scan with LIKE, which is case-insensitive for ASCII
 * letters only). SQLite's planner would always start a page from the FTS matches and sort
 * them all (50 ms for a term matching 50,000 leads), so for a page a common search
 * instead walks the list's index newest first, testing each row with LIKE until the page
 * is full. LIKE and the trigram index agree on ASCII terms only.
 */
export class SqliteSearch {
  /** How many rows (up to SQLITE_COMMON_TERM_MATCHES) a search matches; only the plan depends on it, so a minute old is fine. */
  private readonly searchMatches = new VersionedCache<number>(1000, 60_000);

  async condition(targets: readonly SearchTarget[], purpose: SearchPurpose, reader: RowReader): Promise<Sql> {
    if (purpose === 'count' || !targets.every(probedByIndex)) return indexedCondition(targets);
    const key = JSON.stringify(targets.map(({ search, term, indexed }) => [search.ftsTable, term.toLowerCase(), indexed ?? null]));
    const matches = await this.searchMatches.get(key, '', async () => {
      const [row] = await reader.rows<{ matches: number }>(sql`
        SELECT COUNT(*) AS matches FROM (${join(targets.map(ftsMatches), ' UNION ALL ')} LIMIT ${SQLITE_COMMON_TERM_MATCHES}) AS probe`);
      return row.matches;
    });
    return matches < SQLITE_COMMON_TERM_MATCHES ? indexedCondition(targets) : likeCondition(targets);
  }
}

/** Whether the FTS index can tell how common a target is as LIKE would find it: ASCII, and 3+ characters to ask the index for. */
function probedByIndex({ term, indexed }: SearchTarget): boolean {
  return /^[\x20-\x7e]+$/.test(term) && [...(indexed ?? term)].length >= 3;
}

function indexedCondition(targets: readonly SearchTarget[]): Sql {
  const indexed = targets.filter(({ term, indexed: part }) => [...(part ?? term)].length >= 3);
  const scanned = targets.filter((target) => !indexed.includes(target));
  const conditions = scanned.map((target) => likeCondition([target]));
  if (indexed.length > 0) conditions.unshift(sql`rowid IN (${join(indexed.map(ftsMatches), ' UNION ALL ')})`);
  return conditions.length === 1 ? conditions[0] : sql`(${join(conditions, ' OR ')})`;
}

/**
 * The rowids a target's FTS table finds; when the index is asked for a part of the term, held
 * to the whole term with instr (the trigram table would serve a LIKE itself, from every trigram).
 */
function ftsMatches({ search, term, indexed }: SearchTarget): Sql {
  const table = raw(search.ftsTable);
  const found = sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsPhrase(indexed ?? term)}`;
  if (indexed === undefined) return found;
  const whole = join(
    search.columns.map((column) => sql`instr(lower(${raw(column)}), ${term.toLowerCase()}) > 0`),
    ' OR ',
  );
  return sql`${found} AND (${whole})`;
}

function likeCondition(targets: readonly SearchTarget[]): Sql {
  return sql`(${join(
    targets.flatMap(({ search, term }) => search.columns.map((column) => sql`${raw(column)} LIKE ${likePattern(term)} ESCAPE '\\'`)),
    ' OR ',
  )})`;
}
