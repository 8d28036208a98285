import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What the browser holds: random, 256 bits. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds: a stolen table cannot be replayed as cookies. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The CSRF token is bound to the session and to SESSION_SECRET, so it needs no storage. */
export function csrfTokenOf(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

export function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
