import { types, type PoolConfig } from 'pg';
import type { PostgresTarget } from '../database-url';
import { utcTimeText } from '../utc-time-text';

const INT8 = 20;
const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
export const RANDOM_PAGE_COST = 1.1;

/** A pg pool's settings for the target's database and schema. */
export function postgresPoolConfig(target: PostgresTarget, size: number): PoolConfig {
  return {
    connectionString: target.connectionString,
    max: size,
    connectionTimeoutMillis: 5_000,
    // A pooler in transaction mode refuses start-up options (PgBouncer: "unsupported startup
    // parameter"): its server connections get these settings from the pooler (checkPooledSessions).
    ...(target.pooled ? {} : { options: sessionOptions(target) }),
  };
}

/**
 * What every session needs. public stays on the path: the pg_trgm operator classes live there.
 * A random page read is priced as on an SSD (1.1, not the spinning-disk default 4): under 4 the
 * planner reads 20% of a million leads by a parallel scan of the whole table rather than by the
 * list's indexes (BENCHMARKS.md §7).
 */
export function sessionOptions(target: PostgresTarget): string {
  return `-c search_path="${target.schema}",public -c random_page_cost=${RANDOM_PAGE_COST}`;
}

/**
 * How the read side's pg reads values: Prisma's DateTime is `timestamp(3)` holding UTC,
 * which pg would read as local time, into a Date per value; it becomes UtcTimeText.
 * COUNT(*) is a bigint, which pg gives as text; a count is a number.
 */
export const READ_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMP_WITHOUT_TIME_ZONE) return utcTimeText;
    if (oid === INT8) return Number;
    return types.getTypeParser(oid, format);
  }) as typeof types.getTypeParser,
};
