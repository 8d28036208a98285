import { Prisma } from '../generated/sqlite/client';

/**
 * On SQLite a search term with at least this many matches is served by walking the
 * list's index (matches are common, the page fills quickly); below it, by the FTS
 * index (the few matches are fetched and sorted).
 */
export const SQLITE_COMMON_TERM_MATCHES = 2000;

/** `%term%` for LIKE / ILIKE, with the term's own wildcards (and the escape character) escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 phrase: the term as one quoted string, matched as a substring by the trigram tokenizer. */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** SQLite's LIKE over name, email and location: case-insensitive for ASCII letters only. */
export function sqliteLikeCondition(term: string): Prisma.Sql {
  const pattern = likePattern(term);
  return Prisma.sql`(name LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\' OR location LIKE ${pattern} ESCAPE '\\')`;
}
