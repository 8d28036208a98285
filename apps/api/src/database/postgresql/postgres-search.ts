import type { SearchTarget } from '../database-dialect';
import { likePattern } from '../like-pattern';
import { join, raw, sql, type Sql } from '../sql';

/**
 * ILIKE, served by pg_trgm GIN indexes; the planner chooses between them and the list's index
 * by itself. A target whose index is asked for a part of its term holds each row found to the
 * whole term with strpos, which no index serves, so the planner looks up only the part's trigrams.
 */
export function postgresSearchCondition(targets: readonly SearchTarget[]): Sql {
  return sql`(${join(targets.flatMap(columnConditions), ' OR ')})`;
}

function columnConditions({ search, term, indexed }: SearchTarget): Sql[] {
  return search.columns.map((column) => {
    const found = sql`${raw(column)} ILIKE ${likePattern(indexed ?? term)}`;
    return indexed === undefined ? found : sql`(${found} AND strpos(lower(${raw(column)}), ${term.toLowerCase()}) > 0)`;
  });
}
