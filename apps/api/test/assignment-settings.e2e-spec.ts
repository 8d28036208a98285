import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

describe.each(PROVIDERS)('the assignment setting on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Ravi Kumar');
  });
  afterAll(() => testApp.close());

  it('is off until an admin turns round-robin on, and stays as last put', async () => {
    await admin.agent.get('/api/settings/assignment').expect(200, { mode: 'off' });
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'round-robin' }).expect(200, { mode: 'round-robin' });
    await admin.agent.get('/api/settings/assignment').expect(200, { mode: 'round-robin' });
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'off' }).expect(200, { mode: 'off' });
    await admin.agent.get('/api/settings/assignment').expect(200, { mode: 'off' });
  });

  it('names a bad mode and changes nothing', async () => {
    const response = await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({ mode: 'random' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'mode', message: 'must be round-robin or off' }]);
    await admin.agent.put('/api/settings/assignment').set('X-CSRF-Token', admin.csrf).send({}).expect(400);
    await admin.agent.get('/api/settings/assignment').expect(200, { mode: 'off' });
  });

  it('is for admins only', async () => {
    await agent.agent.get('/api/settings/assignment').expect(403);
    await agent.agent.put('/api/settings/assignment').set('X-CSRF-Token', agent.csrf).send({ mode: 'round-robin' }).expect(403);
    await testApp.http.get('/api/settings/assignment').expect(401);
    await admin.agent.get('/api/settings/assignment').expect(200, { mode: 'off' });
  });
});
