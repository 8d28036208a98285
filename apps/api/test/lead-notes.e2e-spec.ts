import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

describe.each(PROVIDERS)('notes on a lead on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  let leadId: string;
  let meerasLead: string;

  const addNote = (session: StaffSession, lead: string, body: unknown) => session.agent.post(`/api/leads/${lead}/notes`).set('X-CSRF-Token', session.csrf).send({ body });
  const timeline = async (lead: string) =>
    ((await admin.agent.get(`/api/leads/${lead}/activity`).expect(200)).body as { type: string; actor: { name: string } | null; data: { noteId?: string } }[]).filter(({ type }) =>
      type.startsWith('note_'),
    );

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    leadId = (await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Noted Lead' }).expect(201)).body._id;
    meerasLead = (await admin.agent.post('/api/leads').set('X-CSRF-Token', admin.csrf).send({ name: 'Meera Own Lead' }).expect(201)).body._id;
    await admin.agent.patch(`/api/leads/${meerasLead}`).set('X-CSRF-Token', admin.csrf).send({ ownerId: meera.id }).expect(200);
  });
  afterAll(() => testApp.close());

  it('adds a note as trimmed plain text, with its author, and lists notes newest first', async () => {
    const first = await addNote(ravi, leadId, '  Called twice, no answer.  ').expect(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      leadId,
      body: 'Called twice, no answer.',
      author: { id: ravi.id, name: 'Ravi Kumar' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await addNote(admin, leadId, '<b>Site visit</b> on Sunday').expect(201);
    expect(second.body.body).toBe('<b>Site visit</b> on Sunday');
    const listed = (await meera.agent.get(`/api/leads/${leadId}/notes`).expect(200)).body;
    expect(listed.map((note: { id: string }) => note.id)).toEqual([second.body.id, first.body.id]);
    expect(await timeline(leadId)).toEqual([
      expect.objectContaining({ type: 'note_added', actor: { id: admin.id, name: 'Administrator' }, data: { noteId: second.body.id } }),
      expect.objectContaining({ type: 'note_added', actor: { id: ravi.id, name: 'Ravi Kumar' }, data: { noteId: first.body.id } }),
    ]);
  });

  it('refuses an empty, blank, too long or non-text body, naming body, and writes nothing', async () => {
    const before = await testApp.app.get(Database).client.leadNote.count();
    for (const body of ['', '   ', 'x'.repeat(10_001), 42, null]) {
      const response = await addNote(ravi, leadId, body).expect(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(['body']);
    }
    await addNote(ravi, leadId, 'x'.repeat(10_000)).expect(201);
    expect(await testApp.app.get(Database).client.leadNote.count()).toBe(before + 1);
  });

  it('lets only the author edit a note', async () => {
    const note = (await addNote(ravi, leadId, 'Budget 80 Lakh').expect(201)).body;
    const edited = await ravi.agent.patch(`/api/leads/${leadId}/notes/${note.id}`).set('X-CSRF-Token', ravi.csrf).send({ body: 'Budget 85 Lakh' }).expect(200);
    expect(edited.body).toMatchObject({ id: note.id, body: 'Budget 85 Lakh', author: { id: ravi.id } });
    for (const other of [meera, admin]) {
      const refused = await other.agent.patch(`/api/leads/${leadId}/notes/${note.id}`).set('X-CSRF-Token', other.csrf).send({ body: 'Overwritten' }).expect(403);
      expect(refused.body.message).toBe('Only its author can edit a note.');
    }
    expect((await testApp.app.get(Database).client.leadNote.findUniqueOrThrow({ where: { id: note.id } })).body).toBe('Budget 85 Lakh');
    expect((await timeline(leadId))[0]).toMatchObject({ type: 'note_edited', actor: { id: ravi.id }, data: { noteId: note.id } });
  });

  it('lets the author or an admin delete a note, not another agent', async () => {
    const ravisNote = (await addNote(ravi, leadId, 'To be removed by Ravi').expect(201)).body;
    const adminRemoves = (await addNote(ravi, leadId, 'To be removed by an admin').expect(201)).body;
    const refused = await meera.agent.delete(`/api/leads/${leadId}/notes/${ravisNote.id}`).set('X-CSRF-Token', meera.csrf).expect(403);
    expect(refused.body.message).toBe('Only its author or an admin can delete a note.');
    await ravi.agent.delete(`/api/leads/${leadId}/notes/${ravisNote.id}`).set('X-CSRF-Token', ravi.csrf).expect(204);
    await admin.agent.delete(`/api/leads/${leadId}/notes/${adminRemoves.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    const ids = (await admin.agent.get(`/api/leads/${leadId}/notes`).expect(200)).body.map((note: { id: string }) => note.id);
    expect(ids).not.toContain(ravisNote.id);
    expect(ids).not.toContain(adminRemoves.id);
    expect((await timeline(leadId)).slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'note_deleted', actor: { id: admin.id, name: 'Administrator' }, data: { noteId: adminRemoves.id } }),
      expect.objectContaining({ type: 'note_deleted', actor: { id: ravi.id, name: 'Ravi Kumar' }, data: { noteId: ravisNote.id } }),
    ]);
    await ravi.agent.delete(`/api/leads/${leadId}/notes/${ravisNote.id}`).set('X-CSRF-Token', ravi.csrf).expect(404);
  });

  it("answers notes of another agent's lead, or of an unknown lead or note, as missing", async () => {
    const meerasNote = (await addNote(meera, meerasLead, 'Mine').expect(201)).body;
    await ravi.agent.get(`/api/leads/${meerasLead}/notes`).expect(404);
    await addNote(ravi, meerasLead, 'Not mine').expect(404);
    await ravi.agent.delete(`/api/leads/${meerasLead}/notes/${meerasNote.id}`).set('X-CSRF-Token', ravi.csrf).expect(404);
    await admin.agent.get(`/api/leads/${meerasLead}/notes`).expect(200);
    // A note is reached only through its own lead.
    await meera.agent.patch(`/api/leads/${leadId}/notes/${meerasNote.id}`).set('X-CSRF-Token', meera.csrf).send({ body: 'Moved?' }).expect(404);
    await admin.agent.get('/api/leads/no-such-lead/notes').expect(404);
  });
});
