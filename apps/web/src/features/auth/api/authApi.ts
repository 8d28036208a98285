import type { Session } from '@lead-desk/contracts';
import { apiJson, isUnauthorized, setCsrfToken } from '../../../lib/apiClient';

export const sessionKey = ['session'] as const;

/** The current session, or null when the API wants a sign-in (401). Keeps the CSRF token for later changes. */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const session = await apiJson<Session>('/api/auth/me', { signal });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    setCsrfToken(null);
    return null;
  }
}

export async function signIn(credentials: { email: string; password: string }): Promise<Session> {
  const session = await apiJson<Session>('/api/auth/sign-in', { method: 'POST', body: credentials });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function signOut(): Promise<void> {
  await apiJson<void>('/api/auth/sign-out', { method: 'POST' });
  setCsrfToken(null);
}
