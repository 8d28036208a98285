import request from 'supertest';
import type { TestApp } from './test-app';

export type HttpAgent = ReturnType<typeof request.agent>;

/** A signed-in browser: its cookie jar, its CSRF token and who it is. */
export interface StaffSession {
  agent: HttpAgent;
  csrf: string;
  id: string;
  /** The session cookie as a Cookie header sends it, for clients other than `agent` (an event stream). */
  cookie: string;
}

export const TEST_ADMIN = { email: 'admin@example.in', password: 'correct horse battery staple' };

/** Staff mode with a first admin, and sign-ins not rate-limited. */
export const STAFF_MODE_ENV = {
  AUTH_MODE: 'staff',
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  SIGN_IN_LIMIT_PER_MINUTE: '10000',
};

export async function signIn(testApp: TestApp, credentials: { email: string; password: string }): Promise<StaffSession> {
  const agent = request.agent(testApp.app.getHttpServer());
  const response = await agent.post('/api/auth/sign-in').send(credentials).expect(200);
  const cookie = (response.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  return { agent, csrf: response.body.csrfToken, id: response.body.staff.id, cookie };
}

/** A new agent account, created by `admin`, signed in. */
export async function signedInAgent(testApp: TestApp, admin: StaffSession, name: string): Promise<StaffSession> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`;
  const password = 'an agent password of length';
  await admin.agent.post('/api/staff').set('X-CSRF-Token', admin.csrf).send({ email, name, role: 'agent', password }).expect(201);
  return signIn(testApp, { email, password });
}
