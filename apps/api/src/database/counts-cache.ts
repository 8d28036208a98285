import { Logger } from '@nestjs/common';
import { VersionedCache } from './versioned-cache';

/**
 * How long a request waits for a count being counted again after the leads changed, before it
 * is answered the previous count. At a million leads a recount takes 10-300 ms, so a count is
 * exact after a write; at ten million a board's takes seconds (BENCHMARKS.md section 18), and
 * every request asking for it meanwhile would wait that long.
 */
export const RECOUNT_WAIT_MS = 2_000;

/**
 * A cache of counts of the leads (`VersionedCache`, kept per version of the leads table) that
 * never makes a request wait more than RECOUNT_WAIT_MS for a count it has counted before: the
 * previous count is answered then, and the next request gets the new one once it is counted.
 */
export function countsCache<T>(owner: string, maxEntries = 500): VersionedCache<T> {
  const logger = new Logger(owner);
  return new VersionedCache<T>(maxEntries, 10_000, Date.now, {
    serveStaleMs: 0,
    staleWaitMs: RECOUNT_WAIT_MS,
    onRefreshError: (error, key) => logger.error({ err: error, key }, 'A count could not be counted again; the previous count is answered meanwhile'),
  });
}
