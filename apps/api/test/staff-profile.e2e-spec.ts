import { Database } from '../src/database/database';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

describe.each(PROVIDERS)('a member’s phone and working hours on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;

  const patch = (session: StaffSession, id: string, body: object) => session.agent.patch(`/api/staff/${id}`).set('X-CSRF-Token', session.csrf).send(body);
  const stored = (id: string) => testApp.app.get(Database).client.staffUser.findUniqueOrThrow({ where: { id }, select: { phone: true, workingHours: true, available: true } });

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
  });
  afterAll(() => testApp.close());

  it('lets a member set their own phone (stored E.164, read in DEFAULT_PHONE_REGION) and working hours, and read them back', async () => {
    const changed = await patch(ravi, ravi.id, { phone: '098765 43210', workingHours: '10:00-19:00' }).expect(200);
    expect(changed.body).toMatchObject({ id: ravi.id, phone: '+919876543210', workingHours: '10:00-19:00', available: true, calendarFeed: false });
    expect((await ravi.agent.get('/api/staff/me').expect(200)).body).toEqual(changed.body);
    expect(await stored(ravi.id)).toEqual({ phone: '+919876543210', workingHours: '10:00-19:00', available: true });
  });

  it('clears them with null or blank, and leaves out what is not sent', async () => {
    await patch(ravi, ravi.id, { phone: '+91 98765 43210', workingHours: '09:30-18:30' }).expect(200);
    await patch(ravi, ravi.id, { workingHours: null }).expect(200);
    expect(await stored(ravi.id)).toEqual({ phone: '+919876543210', workingHours: null, available: true });
    await patch(ravi, ravi.id, { phone: '' }).expect(200);
    expect(await stored(ravi.id)).toEqual({ phone: null, workingHours: null, available: true });
  });

  it('names a phone that is no real number and working hours that are not HH:MM-HH:MM within a day, and changes nothing', async () => {
    await patch(ravi, ravi.id, { phone: '+919876543210', workingHours: '10:00-19:00' }).expect(200);
    const badPhone = await patch(ravi, ravi.id, { phone: '12345', workingHours: '11:00-20:00' }).expect(400);
    expect(badPhone.body.errors).toEqual([{ field: 'phone', message: 'must be a valid phone number (national numbers are read as IN)' }]);
    for (const workingHours of ['9-18', '19:00-10:00', '10:00-24:30', 42]) {
      const refused = await patch(ravi, ravi.id, { workingHours }).expect(400);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['workingHours']);
    }
    expect(await stored(ravi.id)).toEqual({ phone: '+919876543210', workingHours: '10:00-19:00', available: true });
  });

  it("lets an admin set anyone's, never an agent another member's", async () => {
    await patch(admin, meera.id, { phone: '+91 99887 76655', workingHours: '12:00-21:00' }).expect(200);
    expect(await stored(meera.id)).toMatchObject({ phone: '+919988776655', workingHours: '12:00-21:00' });
    const refused = await patch(ravi, meera.id, { phone: '+919876543210' }).expect(403);
    expect(refused.body.message).toBe('Agents can change only their own profile (availability, phone, working hours).');
    expect(await stored(meera.id)).toMatchObject({ phone: '+919988776655' });
    const listed = (await admin.agent.get('/api/staff').expect(200)).body as { id: string; phone: string | null; workingHours: string | null }[];
    expect(listed.find((member) => member.id === meera.id)).toMatchObject({ phone: '+919988776655', workingHours: '12:00-21:00' });
  });
});
