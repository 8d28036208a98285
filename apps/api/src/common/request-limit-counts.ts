import type { Database } from '../database/database';
import { empty, sql } from '../database/sql';

/** A key's count in its window, as the counting statement left it. */
export interface RequestLimitCount {
  points: number;
  /** When the window (or the block past the limit) ends. */
  expire: Date;
}

/** Counting past `limit` holds the key for `ms` from that request on, whatever was left of the window. */
export interface BlockPastLimit {
  limit: number;
  ms: number;
}

/**
 * The one place that queries request_limit_counts, the counts of every rate limit (per-minute,
 * hourly, refused webhooks), each key prefixed with its limit's name. Counts live in the
 * database so a limit holds across every API process sharing it.
 */
export class RequestLimitCounts {
  constructor(private readonly database: Database) {}

  /**
   * Counts one request for `key` in one statement (an atomic upsert, so concurrent requests in
   * any process are all counted): an expired or missing row starts a window of `windowMs` at 1.
   */
  async count(key: string, now: Date, windowMs: number, block?: BlockPastLimit): Promise<RequestLimitCount> {
    const { dialect } = this.database;
    const at = dialect.typed(now, 'time');
    const windowEnd = dialect.typed(new Date(now.getTime() + windowMs), 'time');
    const expired = sql`request_limit_counts.expire IS NULL OR request_limit_counts.expire <= ${at}`;
    const blocked = block ? sql`WHEN request_limit_counts.points = ${dialect.typed(block.limit, 'integer')} THEN ${dialect.typed(new Date(now.getTime() + block.ms), 'time')}` : empty;
    const [row] = await this.database.client.$queryRaw<{ points: number | bigint; expire: Date | string }[]>`
      INSERT INTO request_limit_counts ("key", points, expire) VALUES (${key}, 1, ${windowEnd})
      ON CONFLICT ("key") DO UPDATE SET
        points = CASE WHEN ${expired} THEN 1 ELSE request_limit_counts.points + 1 END,
        expire = CASE WHEN ${expired} THEN ${windowEnd} ${blocked} ELSE request_limit_counts.expire END
      RETURNING points, expire`;
    return { points: Number(row.points), expire: new Date(row.expire) };
  }

  /** The key's count, if its window has not ended. */
  async find(key: string, now: Date): Promise<RequestLimitCount | null> {
    const row = await this.database.client.requestLimitCount.findFirst({ where: { key, expire: { gt: now } }, select: { points: true, expire: true } });
    return row && { points: row.points, expire: row.expire! };
  }

  /** Rows of windows that ended: keys that never come back must not pile up. */
  async deleteExpired(now: Date): Promise<void> {
    await this.database.client.requestLimitCount.deleteMany({ where: { expire: { lt: now } } });
  }
}
