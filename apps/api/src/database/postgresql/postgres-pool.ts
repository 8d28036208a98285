import { types, type PoolConfig } from 'pg';
import type { PostgresTarget } from '../database-url';
import { utcTimeText } from '../utc-time-text';

const INT8 = 20;
const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/** A pg pool's settings for the target's database and schema. */
export function postgresPoolConfig(target: PostgresTarget, size: number): PoolConfig {
  return {
    connectionString: target.connectionString,
    max: size,
    connectionTimeoutMillis: 5_000,
    // public stays on the path: the pg_trgm operator classes live there.
    options: `-c search_path="${target.schema}",public`,
  };
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
