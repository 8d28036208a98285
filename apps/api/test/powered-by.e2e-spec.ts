import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './support/test-app';

/** No answer says what serves it: Express's X-Powered-By is off for every route, the page, errors and the docs. */
describe('X-Powered-By', () => {
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A built page of its own: the app serves whatever WEB_DIST_DIR holds at /.
    webDist = mkdtempSync(join(tmpdir(), 'lead-desk-web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Lead Desk</title>');
    testApp = await startTestApp('sqlite', { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['GET', '/', 200],
    ['GET', '/index.html', 200],
    ['GET', '/api/health', 200],
    ['GET', '/api/leads', 200],
    ['GET', '/api/leads/no-such-lead', 404],
    ['GET', '/api/no-such-route', 404],
    ['POST', '/api/leads', 400],
    ['GET', '/api/docs', 200],
    ['GET', '/api/docs-json', 200],
    ['GET', '/api/docs/swagger-ui-init.js', 200],
  ] as const)('is absent from %s %s (%i)', async (method, path, status) => {
    const pending = method === 'GET' ? testApp.http.get(path) : testApp.http.post(path).set('Content-Type', 'application/json').send('{"name": ');
    const response = await pending.expect(status);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
