import { Agent } from 'node:http';
import { Database } from '../src/database/database';
import { expectNoServerError, FUZZ_CASES, FUZZ_CHUNK, fuzzInChunks } from './support/fuzzing';
import { hostileBody, sampleBodies } from './support/hostile-bodies';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { mapConcurrently, sendRaw } from './support/send-raw';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const JSON_LIMIT = 1024 * 1024;

jest.setTimeout(300_000);

describe.each(PROVIDERS)('hostile lead bodies on %s', (provider) => {
  let testApp: TestApp;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  it(`POST /api/leads: ${FUZZ_CASES} hostile bodies, never a 5xx, and only accepted ones stored`, async () => {
    const prisma = testApp.app.get(Database).client;
    const before = await prisma.lead.count();
    let created = 0;
    const run = await fuzzInChunks(testApp, async (chunk) => {
      const bodies = sampleBodies(hostileBody, FUZZ_CHUNK, 42 + chunk);
      const responses = await mapConcurrently(bodies, 16, (body) =>
        sendRaw(testApp.app.getHttpServer(), 'POST', '/api/leads', body, { 'Content-Type': 'application/json' }, agent),
      );
      expectNoServerError(responses, bodies, JSON_LIMIT);
      expect(responses.map((response) => response.status).filter((status) => ![201, 400, 413, -1].includes(status))).toEqual([]);
      created += responses.filter((response) => response.status === 201).length;
      return responses;
    });
    expect(await prisma.lead.count()).toBe(before + created);
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { ...run, created } });
  });
});
