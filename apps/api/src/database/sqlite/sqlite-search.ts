import { likePattern } from '../like-pattern';
import type { RowReader, SearchPurpose, SearchTarget, TextSearch } from '../database-dialect';
import { join, raw, sql, type Sql } from '../sql';
import { VersionedCache } from '../versioned-cache';

/**
 * A search with at least this many matches is served, for a page, by walking the
 * list's index (matches are common, the page fills quickly); below it, by the FTS
 * indexes (the few matches are fetched and sorted).
 */
export const SQLITE_COMMON_TERM_MATCHES = 2000;

/** How many digits a word of a 'digit grams' table holds: a term of more is found by its last five. */
const DIGIT_GRAM = 5;

/** An FTS5 phrase: the term as one quoted string, matched as a substring by the trigram tokenizer. */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * Substring search on SQLite: FTS5 tables serve terms of 3+ characters (trigrams need
 * them; shorter terms scan with LIKE, which is case-insensitive for ASCII letters only).
 * SQLite's planner would always start a page from the FTS matches and sort them all
 * (50 ms for a term matching 50,000 leads), so for a page a common search instead walks
 * the list's index newest first, testing each row with LIKE until the page is full.
 * LIKE and the trigram index agree on ASCII terms only.
 */
export class SqliteSearch {
  /** How many rows (up to SQLITE_COMMON_TERM_MATCHES) a search matches; only the plan depends on it, so a minute old is fine. */
  private readonly searchMatches = new VersionedCache<number>(1000, 60_000);

  async condition(targets: readonly SearchTarget[], purpose: SearchPurpose, reader: RowReader): Promise<Sql> {
    if (purpose === 'count' || !targets.every(probedByIndex)) return indexedCondition(targets);
    const key = JSON.stringify(targets.map(({ search, term, indexed }) => [search.ftsTable, term.toLowerCase(), indexed ?? null]));
    const matches = await this.searchMatches.get(key, '', async () => {
      const [row] = await reader.rows<{ matches: number }>(sql`
        SELECT COUNT(*) AS matches FROM (${join(targets.map(ftsRowids), ' UNION ALL ')} LIMIT ${SQLITE_COMMON_TERM_MATCHES}) AS probe`);
      return row.matches;
    });
    return matches < SQLITE_COMMON_TERM_MATCHES ? indexedCondition(targets) : likeCondition(targets);
  }
}

/** Whether the FTS index can tell how common a target is as LIKE would find it: ASCII, and served by its index. */
function probedByIndex(target: SearchTarget): boolean {
  return /^[\x20-\x7e]+$/.test(target.term) && servedByIndex(target);
}

/** Trigrams need three characters of the text the index is asked for; digit grams three digits. */
function servedByIndex({ search, term, indexed }: SearchTarget): boolean {
  const asked = indexed ?? term;
  return (search.ftsTokens === 'trigrams' ? [...asked] : asked.replace(/\D/g, '')).length >= 3;
}

/** Each target through its FTS table, held to its whole term where the index finds more; a target the index cannot serve, with LIKE. */
function indexedCondition(targets: readonly SearchTarget[]): Sql {
  const conditions = targets.map((target) => {
    if (!servedByIndex(target)) return likeCondition([target]);
    const found = sql`rowid IN (${ftsRowids(target)})`;
    return findsOnlyMatches(target) ? found : sql`(${found} AND (${wholeTermCondition(target)}))`;
  });
  return conditions.length === 1 ? conditions[0] : sql`(${join(conditions, ' OR ')})`;
}

/** The rowids a target's FTS table finds for what its index is asked. */
function ftsRowids({ search, term, indexed }: SearchTarget): Sql {
  const table = raw(search.ftsTable);
  return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsQuery(search, indexed ?? term)}`;
}

/** A trigram table's phrase; a digit grams table's word of the last five digits, or its words that begin with fewer. */
function ftsQuery(search: TextSearch, text: string): string {
  if (search.ftsTokens === 'trigrams') return ftsPhrase(text);
  const digits = text.replace(/\D/g, '');
  return digits.length >= DIGIT_GRAM ? ftsPhrase(digits.slice(-DIGIT_GRAM)) : `${ftsPhrase(digits)}*`;
}

/** A trigram table asked for the whole term finds exactly its matches; digit grams only stand for a number's digits. */
function findsOnlyMatches({ search, indexed }: SearchTarget): boolean {
  return search.ftsTokens === 'trigrams' && indexed === undefined;
}

/** Rows whose columns hold the whole term (instr: no index serves it, so the FTS lookup stays the plan's start). */
function wholeTermCondition({ search, term }: SearchTarget): Sql {
  return join(
    search.columns.map((column) => sql`instr(lower(${raw(column)}), ${term.toLowerCase()}) > 0`),
    ' OR ',
  );
}

function likeCondition(targets: readonly SearchTarget[]): Sql {
  return sql`(${join(
    targets.flatMap(({ search, term }) => search.columns.map((column) => sql`${raw(column)} LIKE ${likePattern(term)} ESCAPE '\\'`)),
    ' OR ',
  )})`;
}
