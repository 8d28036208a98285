import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

describe.each(PROVIDERS)('staff availability on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
  });
  afterAll(() => testApp.close());

  const availabilityOf = async (id: string) =>
    ((await admin.agent.get('/api/staff').expect(200)).body as { id: string; available: boolean }[]).find((member) => member.id === id)?.available;

  it('lists every member as available at first', async () => {
    const staff = (await admin.agent.get('/api/staff').expect(200)).body;
    expect(staff.map((member: { name: string; available: boolean }) => [member.name, member.available])).toEqual([
      ['Administrator', true],
      ['Ravi Kumar', true],
      ['Meera Iyer', true],
    ]);
  });

  it('lets an agent set their own availability and answers their account', async () => {
    const response = await ravi.agent.patch(`/api/staff/${ravi.id}`).set('X-CSRF-Token', ravi.csrf).send({ available: false }).expect(200);
    expect(response.body).toEqual({
      id: ravi.id,
      email: 'ravi.kumar@example.in',
      name: 'Ravi Kumar',
      role: 'agent',
      available: false,
      phone: null,
      workingHours: null,
      calendarFeed: false,
      createdAt: expect.any(String),
    });
    expect(await availabilityOf(ravi.id)).toBe(false);
    await ravi.agent.patch(`/api/staff/${ravi.id}`).set('X-CSRF-Token', ravi.csrf).send({ available: true }).expect(200);
    expect(await availabilityOf(ravi.id)).toBe(true);
  });

  it("refuses an agent another member's availability, and leaves it as it was", async () => {
    const response = await ravi.agent.patch(`/api/staff/${meera.id}`).set('X-CSRF-Token', ravi.csrf).send({ available: false }).expect(403);
    expect(response.body).toMatchObject({ statusCode: 403, message: 'Agents can change only their own profile (availability, phone, working hours).' });
    await ravi.agent.patch(`/api/staff/${admin.id}`).set('X-CSRF-Token', ravi.csrf).send({ available: false }).expect(403);
    expect(await availabilityOf(meera.id)).toBe(true);
  });

  it("lets an admin set anyone's availability; an unknown account is 404", async () => {
    await admin.agent.patch(`/api/staff/${meera.id}`).set('X-CSRF-Token', admin.csrf).send({ available: false }).expect(200);
    expect(await availabilityOf(meera.id)).toBe(false);
    await admin.agent.patch(`/api/staff/${meera.id}`).set('X-CSRF-Token', admin.csrf).send({ available: true }).expect(200);
    const missing = await admin.agent.patch('/api/staff/0190f5b2-0000-7000-8000-000000000000').set('X-CSRF-Token', admin.csrf).send({ available: true }).expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404 });
  });

  it('names a bad or unknown field, and needs a session and its CSRF token', async () => {
    const bad = await ravi.agent.patch(`/api/staff/${ravi.id}`).set('X-CSRF-Token', ravi.csrf).send({ available: 'yes', role: 'admin' }).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'available', message: 'must be true or false' },
      { field: 'role', message: 'is not a known field' },
    ]);
    await testApp.http.patch(`/api/staff/${ravi.id}`).send({ available: false }).expect(401);
    await ravi.agent.patch(`/api/staff/${ravi.id}`).send({ available: false }).expect(403);
    expect(await availabilityOf(ravi.id)).toBe(true);
  });
});
