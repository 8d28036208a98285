import { PRODUCTION_ENV } from './support/production-env';
import { startTestApp, type TestApp } from './support/test-app';

const DOCS = ['/api/docs', '/api/docs-json', '/api/docs/swagger-ui-init.js', '/api/docs/swagger-ui-bundle.js'];

describe.each([
  ['in production by default', PRODUCTION_ENV],
  ['outside production with API_DOCS=false', { API_DOCS: 'false' }],
])('/api/docs %s', (_case, env) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite', env);
  });
  afterAll(() => testApp.close());

  it.each(DOCS)('answers %s with a 404 in JSON: no map of every route', async (path) => {
    const response = await testApp.http.get(path).expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot GET ${path}` });
  });
});

describe.each([
  ['in production with API_DOCS=true', { ...PRODUCTION_ENV, API_DOCS: 'true' }],
  ['outside production by default', {}],
])('/api/docs %s', (_case, env) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp('sqlite', env);
  });
  afterAll(() => testApp.close());

  it.each(DOCS)('serves %s with the security headers the page has', async (path) => {
    const response = await testApp.http.get(path).expect(200);
    const page = await testApp.http.get('/api/health').expect(200);
    for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'strict-transport-security']) {
      expect([header, response.headers[header]]).toEqual([header, page.headers[header]]);
    }
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' [^;]*;/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
