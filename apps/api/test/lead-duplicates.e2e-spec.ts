import type { DuplicatePair, LeadActivity, LeadMatch } from '@lead-desk/contracts';
import { endOfCallReport } from './fixtures/vapi-messages';
import { queryRows } from './support/database-rows';
import { signIn, signedInAgent, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * One rule decides "is this the same person" (same phone or email, Gmail's dots and +tags
 * aside, a name that differs beyond spelling being a possible duplicate); staff see the
 * possible duplicates newest first and dismiss those that are two people.
 */
describe.each(PROVIDERS)('possible duplicates on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  const create = (lead: Record<string, unknown>) => testApp.http.post('/api/leads').send(lead);
  const pairsOf = async (leadId: string): Promise<DuplicatePair[]> => (await testApp.http.get('/api/leads/duplicates').query({ leadId }).expect(200)).body;
  const timelineOf = async (leadId: string): Promise<LeadActivity[]> => (await testApp.http.get(`/api/leads/${leadId}/activity`).expect(200)).body;
  const leadCount = async () => Number((await testApp.http.get('/api/leads').query({ status: 'all', limit: 1 }).expect(200)).headers['x-total-count']);

  it('refuses a lead over a stored lead’s phone with a 409 naming that lead, writing nothing', async () => {
    const aarav = (await create({ name: 'Aarav Sharma', phone: '+919876500001', email: 'aarav@example.in' }).expect(201)).body;
    const before = await leadCount();
    const refused = await create({ name: 'Rahul Verma', phone: '098765 00001' }).expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `Lead ${aarav._id} already has this phone number: open it, or send allowDuplicate: true to add this lead as its possible duplicate.`,
      errors: [{ field: 'phone', message: `is the phone of lead ${aarav._id}` }],
      existingLeadId: aarav._id,
    });
    expect(await leadCount()).toBe(before);
    // The same person typed in again is refused too: Add Lead never makes a second lead unasked.
    expect((await create({ name: 'Aarav Sharma', email: 'AARAV@example.in' }).expect(409)).body.errors).toEqual([{ field: 'email', message: `is the email of lead ${aarav._id}` }]);
  });

  it('adds the lead anyway when asked, flagged as a possible duplicate of the stored one, on its timeline and in the list', async () => {
    const aarav = (await create({ name: 'Aarav Sharma', phone: '+919876500002' }).expect(201)).body;
    const rahul = (await create({ name: 'Rahul Verma', phone: '+919876500002', allowDuplicate: true }).expect(201)).body;
    const [pair] = await pairsOf(rahul._id);
    expect(pair).toEqual({
      id: expect.any(String),
      reason: 'same_phone',
      detectedAt: expect.any(String),
      lead: { _id: rahul._id, name: 'Rahul Verma', email: null, phone: '+919876500002', location: null, source: 'web form', createdAt: rahul.createdAt, archived: false },
      other: { _id: aarav._id, name: 'Aarav Sharma', email: null, phone: '+919876500002', location: null, source: 'web form', createdAt: aarav.createdAt, archived: false },
    });
    expect(await timelineOf(rahul._id)).toContainEqual(expect.objectContaining({ type: 'possible_duplicate', data: { pairId: pair.id, otherLeadId: aarav._id, reason: 'same_phone' } }));
    // Both leads are as they were written: nothing of Aarav changed.
    expect((await testApp.http.get(`/api/leads/${aarav._id}`).expect(200)).body).toMatchObject({ name: 'Aarav Sharma', version: 1 });
  });

  it('meets a Gmail address whatever dots or +tag it is written with', async () => {
    const meera = (await create({ name: 'Meera Iyer', email: 'meera.iyer@gmail.com' }).expect(201)).body;
    const refused = await create({ name: 'Meera Iyer', email: 'MeeraIyer+flats@googlemail.com' }).expect(409);
    expect(refused.body.message).toBe(`Lead ${meera._id} already has this Gmail address (dots and +tags aside): open it, or send allowDuplicate: true to add this lead as its possible duplicate.`);
    const second = (await create({ name: 'Meera Iyer', email: 'meeraiyer+flats@gmail.com', allowDuplicate: true }).expect(201)).body;
    expect((await pairsOf(second._id)).map(({ reason, other }) => [reason, other._id])).toEqual([['gmail_variant', meera._id]]);
  });

  it('flags a close name in the same location, and not one elsewhere or a single name', async () => {
    const first = (await create({ name: 'Siddharth Kulkarni', location: 'Andheri West', phone: '+919876500003' }).expect(201)).body;
    const close = (await create({ name: 'Sidharth Kulkarni', location: ' andheri  west', phone: '+919876500004' }).expect(201)).body;
    const elsewhere = (await create({ name: 'Siddharth Kulkarni', location: 'Baner', phone: '+919876500005' }).expect(201)).body;
    expect((await pairsOf(close._id)).map(({ reason, other }) => [reason, other._id])).toEqual([['close_name_same_location', first._id]]);
    expect(await pairsOf(elsewhere._id)).toEqual([]);
    await create({ name: 'Kulkarni', location: 'Andheri West', phone: '+919876500006' }).expect(201);
    await create({ name: 'Kulkarni', location: 'Andheri West', phone: '+919876500007' }).expect(201);
    expect((await testApp.http.get('/api/leads/duplicates').expect(200)).body.filter((pair: DuplicatePair) => pair.lead.name === 'Kulkarni')).toEqual([]);
  });

  it('gives a caller who names another person than the lead with their number a lead of their own, flagged; the same person’s call updates their lead', async () => {
    const aarav = (await create({ name: 'Aarav Sharma', phone: '+919876500008', location: 'Pune' }).expect(201)).body;
    await testApp.http
      .post('/api/webhooks/vapi')
      .send(endOfCallReport({ callId: 'dup-rahul', number: '+919876500008', structuredData: { name: 'Rahul Verma', location: 'Nashik' } }))
      .expect(200);
    await testApp.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId: 'dup-aarav', number: '+919876500008', structuredData: { name: 'Arav Sharma', timeline: '2 months' } })).expect(200);
    const [pair] = await pairsOf(aarav._id);
    expect(pair).toMatchObject({ reason: 'same_phone', lead: { name: 'Rahul Verma', phone: '+919876500008', location: 'Nashik', source: 'voice bot' }, other: { _id: aarav._id } });
    expect((await testApp.http.get(`/api/leads/${aarav._id}`).expect(200)).body).toMatchObject({ name: 'Arav Sharma', location: 'Pune', timeline: '2 months' });
  });

  it('imports a row with another name over a stored phone as a new lead flagged as a possible duplicate, never as an update', async () => {
    const aarav = (await create({ name: 'Aarav Sharma', phone: '+919876500009', email: 'aarav.s@example.in', budget: 9000000 }).expect(201)).body;
    const summary = await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send('name,phone,budget\nRahul Verma,098765 00009,4500000\n').expect(200);
    expect(summary.body).toMatchObject({ created: 0, updated: 0, possibleDuplicates: 1 });
    expect((await testApp.http.get(`/api/leads/${aarav._id}`).expect(200)).body).toMatchObject({ name: 'Aarav Sharma', email: 'aarav.s@example.in', budget: 9000000, version: 1 });
    expect((await pairsOf(aarav._id)).map(({ reason, lead }) => [reason, lead.name])).toEqual([['same_phone', 'Rahul Verma']]);
  });

  it('lists pairs newest first a page at a time, each once, and leaves a dismissed pair out for good', async () => {
    const base = (await create({ name: 'Page Base', phone: '+919876500010' }).expect(201)).body;
    const twins = [];
    for (const n of [1, 2, 3, 4, 5]) twins.push((await create({ name: `Page Twin ${n}`, phone: '+919876500010', allowDuplicate: true }).expect(201)).body._id);
    const seen: DuplicatePair[] = [];
    let next: string | undefined = `/api/leads/duplicates?leadId=${base._id}&limit=2`;
    while (next) {
      const page: { body: DuplicatePair[]; headers: Record<string, string> } = await testApp.http.get(next).expect(200);
      seen.push(...page.body);
      next = /<([^>]+)>; rel="next"/.exec(page.headers.link ?? '')?.[1];
    }
    expect(seen.map(({ lead }) => lead._id)).toEqual([...twins].reverse());

    await testApp.http.post(`/api/leads/duplicates/${seen[0].id}/dismiss`).expect(204);
    await testApp.http.post(`/api/leads/duplicates/${seen[0].id}/dismiss`).expect(204);
    expect((await pairsOf(base._id)).map(({ id }) => id)).toEqual(seen.slice(1).map(({ id }) => id));
    const [stored] = await queryRows<{ dismissed_at: unknown }>(testApp.database, `SELECT dismissed_at FROM lead_duplicates WHERE id = '${seen[0].id}'`);
    expect(stored.dismissed_at).not.toBeNull();
    await testApp.http.post('/api/leads/duplicates/no-such-pair/dismiss').expect(404);
  });

  it('tells a form whose phone or email a typed value is, in any writing, leaving out the lead being edited', async () => {
    const owner = (await create({ name: 'Kavya Menon', phone: '+919876500011', email: 'kavya.menon@gmail.com' }).expect(201)).body;
    const matches: LeadMatch[] = (await testApp.http.get('/api/leads/matches').query({ phone: '98765 00011', email: 'KavyaMenon+x@gmail.com' }).expect(200)).body;
    expect(matches).toEqual([
      { field: 'email', reason: 'gmail_variant', lead: { _id: owner._id, name: 'Kavya Menon', phone: '+919876500011', email: 'kavya.menon@gmail.com' } },
      { field: 'phone', reason: 'same_phone', lead: { _id: owner._id, name: 'Kavya Menon', phone: '+919876500011', email: 'kavya.menon@gmail.com' } },
    ]);
    expect((await testApp.http.get('/api/leads/matches').query({ phone: '+919876500011', exceptId: owner._id }).expect(200)).body).toEqual([]);
    expect((await testApp.http.get('/api/leads/matches').query({ phone: 'not a number' }).expect(200)).body).toEqual([]);
  });

  it('pairs a lead edited to another lead’s phone with it, as a new lead would be', async () => {
    const stored = (await create({ name: 'Nisha Patil', phone: '+919876500012' }).expect(201)).body;
    const edited = (await create({ name: 'Varun Joshi', phone: '+919876500013' }).expect(201)).body;
    await testApp.http.patch(`/api/leads/${edited._id}`).set('If-Match', `"${edited.version}"`).send({ phone: '98765 00012' }).expect(200);
    const [pair] = await pairsOf(edited._id);
    expect(pair).toMatchObject({ reason: 'same_phone', lead: { _id: edited._id }, other: { _id: stored._id } });
    expect(await timelineOf(edited._id)).toContainEqual(expect.objectContaining({ type: 'possible_duplicate', data: { pairId: pair.id, otherLeadId: stored._id, reason: 'same_phone' } }));
  });

  it('names the field of a bad allowDuplicate', async () => {
    const response = await create({ name: 'Bad Flag', allowDuplicate: 'yes' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'allowDuplicate', message: 'must be true or false' }]);
  });
});

describe.each(PROVIDERS)('possible duplicates and agents on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;
  let otherAgent: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Duplicate Agent');
    otherAgent = await signedInAgent(testApp, admin, 'Other Duplicate Agent');
  });
  afterAll(() => testApp.close());

  it('shows an agent only pairs of two leads they may see, and names another agent’s lead by nothing but the fact', async () => {
    const theirs = (await otherAgent.agent.post('/api/leads').set('X-CSRF-Token', otherAgent.csrf).send({ name: 'Hidden Owner', phone: '+919876500020' }).expect(201)).body;
    await admin.agent.patch(`/api/leads/${theirs._id}`).set('X-CSRF-Token', admin.csrf).set('If-Match', `"${theirs.version}"`).send({ ownerId: otherAgent.id }).expect(200);
    const refused = await agent.agent.post('/api/leads').set('X-CSRF-Token', agent.csrf).send({ name: 'Someone Else', phone: '+919876500020' }).expect(409);
    expect(refused.body.existingLeadId).toBe(theirs._id);
    expect(JSON.stringify(refused.body)).not.toContain('Hidden Owner');
    const mine = (await agent.agent.post('/api/leads').set('X-CSRF-Token', agent.csrf).send({ name: 'Someone Else', phone: '+919876500020', allowDuplicate: true }).expect(201)).body;

    const matches = (await agent.agent.get('/api/leads/matches').query({ phone: '+919876500020', exceptId: mine._id }).expect(200)).body;
    expect(matches).toEqual([{ field: 'phone', reason: 'same_phone', lead: null }]);
    expect((await agent.agent.get('/api/leads/duplicates').expect(200)).body).toEqual([]);
    const [pair] = (await admin.agent.get('/api/leads/duplicates').query({ leadId: mine._id }).expect(200)).body;
    expect(pair.other._id).toBe(theirs._id);
    await agent.agent.post(`/api/leads/duplicates/${pair.id}/dismiss`).set('X-CSRF-Token', agent.csrf).expect(404);
    expect((await admin.agent.get('/api/leads/duplicates').query({ leadId: mine._id }).expect(200)).body).toHaveLength(1);
  });
});
