import { randomBytes } from 'node:crypto';
import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { BENCH_ADMIN, BENCH_AGENTS, BENCH_STAFF_PASSWORD } from './lead-generator';

/** The first page of possible duplicates, as the dashboard's panel asks for it (a page of 50 here, the list's size). */
export const DUPLICATES_FIRST_PAGE = '/api/leads/duplicates?limit=50';

const ADMIN = { email: BENCH_ADMIN.email, password: BENCH_STAFF_PASSWORD };
/** The agent whose view is measured: the pipeline's, a fifth of the leads. */
const AGENT = { email: BENCH_AGENTS[1].email, password: BENCH_STAFF_PASSWORD };

export interface SignedInViewer {
  viewer: 'admin' | 'agent';
  /** The session cookie, as the browser sends it. */
  headers: Record<string, string>;
  /** Pairs on the first page before the load: what the route serves this viewer. */
  pairsOnFirstPage: number;
}

/**
 * The API in staff mode on the filled database (an agent's view exists only there), with the
 * bench's admin and an agent signed in: the duplicates list's load runs with their cookies.
 */
export async function startStaffApi(databaseUrl: string): Promise<{ api: ServerProcess; viewers: SignedInViewer[] }> {
  const api = await startApi({
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      AUTH_MODE: 'staff',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    },
  });
  try {
    const viewers: SignedInViewer[] = [];
    for (const [viewer, credentials] of [['admin', ADMIN], ['agent', AGENT]] as const) {
      const headers = { Cookie: await sessionCookie(api.url, credentials) };
      const response = await fetch(`${api.url}${DUPLICATES_FIRST_PAGE}`, { headers });
      if (!response.ok) throw new Error(`GET ${DUPLICATES_FIRST_PAGE} as the ${viewer} answered ${response.status}: ${await response.text()}`);
      viewers.push({ viewer, headers, pairsOnFirstPage: ((await response.json()) as unknown[]).length });
    }
    return { api, viewers };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

async function sessionCookie(apiUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!response.ok) throw new Error(`Signing in as ${credentials.email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`Signing in as ${credentials.email} set no cookie`);
  return cookie;
}
