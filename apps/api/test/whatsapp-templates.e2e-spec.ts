import { VISIT_CONFIRMATION } from './fixtures/whatsapp-templates';
import { STAFF_MODE_ENV, signIn, signedInAgent, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { startTestApp, type TestApp } from './support/test-app';
import { PROVIDERS } from './support/test-database';

/** The WhatsApp templates admins register from Meta's WhatsApp Manager: by name and language, each variable with its source. */
describe.each(PROVIDERS)('WhatsApp templates on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Template Agent');
  });
  afterAll(() => testApp?.close());

  const post = (session: StaffSession, body: object) => session.agent.post('/api/whatsapp/templates').set('X-CSRF-Token', session.csrf).send(body);

  it('registers a template with its variables in the body’s order, and lists it to every member of staff', async () => {
    const created = await post(admin, VISIT_CONFIRMATION).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), ...VISIT_CONFIRMATION, archived: false, createdAt: expect.any(String), updatedAt: expect.any(String) });
    await post(admin, { name: 'visit_confirmation', language: 'hi', variables: VISIT_CONFIRMATION.variables.slice(0, 3), body: 'नमस्ते {{1}}, {{2}} की साइट विज़िट {{3}} को पक्की है।' }).expect(201);
    const listed = await agent.agent.get('/api/whatsapp/templates').expect(200);
    expect(listed.body.map(({ name, language }: { name: string; language: string }) => `${name}:${language}`)).toEqual(['visit_confirmation:en', 'visit_confirmation:hi']);
  });

  it('keeps registering and changing templates to admins', async () => {
    await post(agent, { name: 'callback_missed', language: 'en' }).expect(403);
    const [template] = (await admin.agent.get('/api/whatsapp/templates').expect(200)).body;
    await agent.agent.patch(`/api/whatsapp/templates/${template.id}`).set('X-CSRF-Token', agent.csrf).send({ archived: true }).expect(403);
  });

  it('refuses a name and language registered already with 409, and bad fields with 400 naming them', async () => {
    const taken = await post(admin, { name: 'visit_confirmation', language: 'en' }).expect(409);
    expect(taken.body.message).toBe('A template visit_confirmation in en is registered already: change it instead.');
    const bad = await post(admin, { name: 'Visit Confirmation', language: 'english', variables: [{ key: 'name', source: 'lead.age' }, { key: 'name', source: 'lead.name' }] }).expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'must be the template’s name in WhatsApp Manager: lower-case letters, digits and _' },
        { field: 'language', message: 'must be a WhatsApp language code such as en, en_US or hi' },
        { field: 'variables.0.source', message: expect.stringMatching(/^must be one of lead.name, /) },
      ]),
    );
    const misfit = await post(admin, { name: 'visit_reminder', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Hi {{1}}, see you at {{2}}' }).expect(400);
    expect(misfit.body.errors).toEqual([{ field: 'body', message: 'must use {{1}} to {{n}}, one for each variable, in order' }]);
  });

  it('changes a template’s variables and body as Meta approved them again, refuses a body that no longer fits, and archives it', async () => {
    const created = await post(admin, { name: 'callback_missed', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Sorry we missed you, {{1}}!' }).expect(201);
    const path = `/api/whatsapp/templates/${created.body.id}`;
    const changed = await admin.agent.patch(path).set('X-CSRF-Token', admin.csrf).send({ variables: [{ key: 'name', source: 'lead.name' }, { key: 'agent', source: 'owner.name' }], body: 'Sorry we missed you, {{1}}! {{2}} will call again.' }).expect(200);
    expect(changed.body).toMatchObject({ variables: [{ key: 'name' }, { key: 'agent' }], body: 'Sorry we missed you, {{1}}! {{2}} will call again.' });
    const misfit = await admin.agent.patch(path).set('X-CSRF-Token', admin.csrf).send({ variables: [] }).expect(400);
    expect(misfit.body.errors).toEqual([{ field: 'variables', message: 'must use {{1}} to {{n}}, one for each variable, in order' }]);
    expect((await admin.agent.patch(path).set('X-CSRF-Token', admin.csrf).send({ archived: true }).expect(200)).body.archived).toBe(true);
    await admin.agent.patch('/api/whatsapp/templates/01a221ef-0000-7000-8000-000000000000').set('X-CSRF-Token', admin.csrf).send({ archived: true }).expect(404);
  });
});
