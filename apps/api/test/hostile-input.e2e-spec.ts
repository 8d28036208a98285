import { Agent } from 'node:http';
import type { Server } from 'node:http';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { hostileBody, hostileCsv, sampleBodies } from './support/hostile-bodies';
import { mapConcurrently, sendRaw, type RawResponse } from './support/send-raw';

// At least 10,000 generated bodies per endpoint (issue 8), on each database.
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const JSON_LIMIT = 1024 * 1024;

const CHUNK = 1000;

jest.setTimeout(300_000);

/** Heap in use after a full collection (`pnpm test` runs Jest with --expose-gc). */
function heapAfterGc(): number {
  if (!global.gc) throw new Error('Run Jest with node --expose-gc (as `pnpm test` does) to measure memory.');
  global.gc();
  return process.memoryUsage().heapUsed;
}

describe.each(PROVIDERS)('hostile input on %s', (provider) => {
  let testApp: TestApp;
  let server: Server;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider, { IMPORT_MAX_BYTES: '65536' });
    server = testApp.app.getHttpServer();
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  const leadCount = async () => Number((await testApp.http.get('/api/leads').query({ limit: 1 }).expect(200)).headers['x-total-count']);

  function expectNoServerError(responses: RawResponse[], bodies: Buffer[], limit: number) {
    responses.forEach((response, index) => {
      const context = `body #${index}: ${bodies[index].subarray(0, 120).toString('utf8')}`;
      expect({ context, status: response.status < 500 }).toEqual({ context, status: true });
      if (response.status === -1) expect({ context, oversize: bodies[index].length > limit }).toEqual({ context, oversize: true });
      if (response.status >= 400) expect(() => JSON.parse(response.body)).not.toThrow();
      expect(response.body).not.toMatch(/at \w+ \(|PrismaClient|SQLITE_|syntax error at|node_modules/);
    });
  }

  it(`POST /api/leads: ${CASES} hostile bodies, never a 5xx, and only accepted ones stored`, async () => {
    const before = await leadCount();
    let created = 0;
    const heapAfterChunk: number[] = [];
    // Sent in chunks, each generated fresh, so the heap between chunks shows what the app keeps.
    for (let chunk = 0; chunk < CASES / CHUNK; chunk += 1) {
      const bodies = sampleBodies(hostileBody, CHUNK, 42 + chunk);
      const responses = await mapConcurrently(bodies, 16, (body) =>
        sendRaw(server, 'POST', '/api/leads', body, { 'Content-Type': 'application/json' }, agent),
      );
      expectNoServerError(responses, bodies, JSON_LIMIT);
      expect(responses.filter((response) => ![201, 400, 413, -1].includes(response.status))).toEqual([]);
      created += responses.filter((response) => response.status === 201).length;
      heapAfterChunk.push(heapAfterGc());
    }
    expect(await leadCount()).toBe(before + created);
    // Prototype keys never reach an object's prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    await testApp.http.get('/api/health').expect(200);
    expect(heapAfterChunk.at(-1)! - heapAfterChunk[0]).toBeLessThan(64 * 1024 * 1024);
  });

  it(`POST /api/leads/import: ${CASES} hostile CSV files, never a 5xx, and the summary matches the database`, async () => {
    const before = await leadCount();
    const bodies = sampleBodies(hostileCsv, CASES, 7);
    const responses = await mapConcurrently(bodies, 8, (body) =>
      sendRaw(server, 'POST', '/api/leads/import', body, { 'Content-Type': 'text/csv' }, agent),
    );
    expectNoServerError(responses, bodies, 65536);
    const created = responses
      .filter((response) => response.status === 200)
      .reduce((sum, response) => sum + (JSON.parse(response.body) as { created: number }).created, 0);
    expect(await leadCount()).toBe(before + created);
    await testApp.http.get('/api/health').expect(200);
  });
});
