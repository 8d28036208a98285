import { Agent } from 'node:http';
import { Database } from '../src/database/database';
import { expectNoServerError, FUZZ_CASES, FUZZ_CHUNK, fuzzInChunks } from './support/fuzzing';
import { hostileCsv, sampleBodies } from './support/hostile-bodies';
import { currentTestName, recordFigures } from './support/reliability-figures';
import { mapConcurrently, sendRaw } from './support/send-raw';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const IMPORT_LIMIT = 65_536;

jest.setTimeout(300_000);

describe.each(PROVIDERS)('hostile CSV files on %s', (provider) => {
  let testApp: TestApp;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    testApp = await startTestApp(provider, { IMPORT_MAX_BYTES: String(IMPORT_LIMIT) });
  });
  afterAll(async () => {
    agent.destroy();
    await testApp.close();
  });

  it(`POST /api/leads/import: ${FUZZ_CASES} hostile CSV files, never a 5xx, and the summary matches the database`, async () => {
    const prisma = testApp.app.get(Database).client;
    const before = await prisma.lead.count();
    let created = 0;
    const run = await fuzzInChunks(testApp, async (chunk) => {
      const bodies = sampleBodies(hostileCsv, FUZZ_CHUNK, 7 + chunk);
      const responses = await mapConcurrently(bodies, 8, (body) =>
        sendRaw(testApp.app.getHttpServer(), 'POST', '/api/leads/import', body, { 'Content-Type': 'text/csv' }, agent),
      );
      expectNoServerError(responses, bodies, IMPORT_LIMIT);
      created += responses
        .filter((response) => response.status === 200)
        .reduce((sum, response) => sum + (JSON.parse(response.body) as { created: number }).created, 0);
      return responses;
    });
    expect(await prisma.lead.count()).toBe(before + created);
    recordFigures({ promise: 'Hostile input', test: currentTestName(), database: provider, figures: { ...run, created } });
  });
});
