import { ApiProcesses } from './support/api-processes';
import { STAFF_MODE_ENV, TEST_ADMIN } from './support/staff-sessions';

jest.setTimeout(120_000);

/**
 * A staff member's session with two API processes on one PostgreSQL, as instances behind a load
 * balancer that may send each request anywhere: signed in through one, the cookie and its CSRF
 * token work through the other (sessions live in the database, the token is bound to the shared
 * SESSION_SECRET), and signing out through either ends the session on both.
 */
describe('staff sessions with two API processes on one PostgreSQL', () => {
  const processes = new ApiProcesses();
  const { apis } = processes;

  beforeAll(() => processes.start(2, { ...STAFF_MODE_ENV, SESSION_SECRET: 'a shared secret of the deployment, 32+ chars', LOG_LEVEL: 'warn' }));
  afterAll(() => processes.stop());

  const send = (i: number, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${apis[i].url}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });

  it('works on either instance, and ends on both when signed out through one', async () => {
    const signedIn = await send(0, 'POST', '/api/auth/sign-in', {}, TEST_ADMIN);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    const { csrfToken } = (await signedIn.json()) as { csrfToken: string };

    const me = await send(1, 'GET', '/api/auth/me', { Cookie: cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ authMode: 'staff', staff: { email: TEST_ADMIN.email }, csrfToken });
    expect((await send(1, 'POST', '/api/leads', { Cookie: cookie, 'X-CSRF-Token': csrfToken }, { name: 'Written Through The Other Instance' })).status).toBe(201);
    expect((await send(1, 'POST', '/api/leads', { Cookie: cookie, 'X-CSRF-Token': 'not the token' }, { name: 'Forged' })).status).toBe(403);

    expect((await send(1, 'POST', '/api/auth/sign-out', { Cookie: cookie, 'X-CSRF-Token': csrfToken })).status).toBe(204);
    for (const i of [0, 1]) expect((await send(i, 'GET', '/api/leads', { Cookie: cookie })).status).toBe(401);
  });
});
