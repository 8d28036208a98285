import autocannon from 'autocannon';
import { spread } from './statistics';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** An HTTP load of `connections` clients for `seconds`, as autocannon measures it. */
export async function loadTest(url: string, options: { connections: number; seconds: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; requests?: autocannon.Request[] }): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
  });
  return toLoadResult(result);
}

/** Repeated runs of one load: the median and range of each figure, and every error. */
export function summariseLoad(runs: LoadResult[]) {
  return {
    requestsPerSecond: spread(runs.map((r) => r.requestsPerSecond)),
    p50: spread(runs.map((r) => r.p50)),
    p95: spread(runs.map((r) => r.p95)),
    p99: spread(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** autocannon's figures as the benchmarks record them. */
export function toLoadResult(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports p97.5 and p99; p95 is interpolated between p90 and p97.5.
    p95: result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * (95 - 90)) / (97.5 - 90),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * One request alone before a read is loaded, timed: what its first reader waits while nothing is kept
 * (a count computed for the first time, at ten million leads seconds), which a load's 10 s timeout would
 * only show as errors.
 */
export async function coldRequestMs(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}
