import { createHash, timingSafeEqual } from 'node:crypto';

/** What Meta's verification request asks, from its query (`hub.mode`, `hub.verify_token`, `hub.challenge`). */
export interface MetaHandshakeQuery {
  mode: unknown;
  verifyToken: unknown;
  challenge: unknown;
}

export type MetaHandshakeAnswer = { ok: true; challenge: string } | { ok: false; status: 400 | 403; message: string };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Meta's subscription check (Lead Ads and WhatsApp alike): `hub.mode=subscribe` with the verify
 * token set in the App Dashboard is answered with `hub.challenge`, echoed; a wrong token is a
 * 403 naming the variable that holds ours. The tokens are compared as SHA-256 digests in constant time.
 */
export function answerMetaHandshake(query: MetaHandshakeQuery, verifyToken: string, tokenVariable: string): MetaHandshakeAnswer {
  if (typeof query.challenge !== 'string' || query.challenge === '') return { ok: false, status: 400, message: 'hub.challenge is required' };
  if (query.mode !== 'subscribe') return { ok: false, status: 403, message: 'hub.mode must be subscribe' };
  const given = typeof query.verifyToken === 'string' ? query.verifyToken : '';
  if (!timingSafeEqual(digest(given), digest(verifyToken))) return { ok: false, status: 403, message: `hub.verify_token does not match ${tokenVariable}` };
  return { ok: true, challenge: query.challenge };
}
