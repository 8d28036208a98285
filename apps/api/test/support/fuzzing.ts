import type { TestApp } from './test-app';
import type { RawResponse } from './send-raw';

/** At least 10,000 generated bodies per endpoint (issue 8), on each database. */
export const FUZZ_CASES = Number(process.env.FUZZ_CASES ?? 10_000);
/** Bodies are generated and sent a chunk at a time, so the heap between chunks shows what the app keeps. */
export const FUZZ_CHUNK = 1000;
const HEAP_GROWTH_LIMIT = 64 * 1024 * 1024;

/** Heap in use after a full collection (`pnpm test` runs Jest with --expose-gc). */
function heapAfterGc(): number {
  if (!global.gc) throw new Error('Run Jest with node --expose-gc (as `pnpm test` does) to measure memory.');
  global.gc();
  return process.memoryUsage().heapUsed;
}

const MB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Never a 5xx; every error is JSON without a stack frame or driver text; a dropped
 * connection only for an oversize body. Collected per chunk and asserted once: a
 * failure lists every offending body.
 */
export function expectNoServerError(responses: RawResponse[], bodies: Buffer[], limit: number): void {
  const problems = responses.flatMap((response, index) => {
    const problem =
      response.status >= 500
        ? 'a server error'
        : response.status === -1 && bodies[index].length <= limit
          ? 'a dropped connection'
          : response.status >= 400 && !isJson(response.body)
            ? 'an error that is not JSON'
            : /at \w+ \(|PrismaClient|SQLITE_|syntax error at|node_modules/.test(response.body)
              ? 'internals in the answer'
              : undefined;
    return problem ? [`${problem}: body #${index} ${bodies[index].subarray(0, 120).toString('utf8')} → ${response.status} ${response.body.slice(0, 300)}`] : [];
  });
  expect(problems).toEqual([]);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs FUZZ_CASES / FUZZ_CHUNK chunks; then checks the heap did not keep growing across
 * them, no prototype was polluted and the API is still healthy.
 */
export async function fuzzInChunks(testApp: TestApp, sendChunk: (chunk: number) => Promise<RawResponse[]>) {
  const started = Date.now();
  const heapAfterChunk: number[] = [];
  const statuses: Record<string, number> = {};
  for (let chunk = 0; chunk < Math.ceil(FUZZ_CASES / FUZZ_CHUNK); chunk += 1) {
    for (const { status } of await sendChunk(chunk)) {
      const key = status === -1 ? 'closed' : String(status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    heapAfterChunk.push(heapAfterGc());
  }
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).type).toBeUndefined();
  await testApp.http.get('/api/health').expect(200);
  const heapGrowth = heapAfterChunk.at(-1)! - heapAfterChunk[0];
  expect(heapGrowth).toBeLessThan(HEAP_GROWTH_LIMIT);
  return { cases: FUZZ_CASES, seconds: Math.round((Date.now() - started) / 100) / 10, heapGrowthMb: MB(heapGrowth), errors5xx: 0, statuses: JSON.stringify(statuses) };
}
