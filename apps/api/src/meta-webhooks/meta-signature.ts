import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=` and the hex HMAC-SHA256 of the body, as Meta writes X-Hub-Signature-256. */
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** The header is there and shaped like a signature: only then is the body worth reading. */
export function isMetaSignatureShaped(header: string | undefined): header is string {
  return header !== undefined && SIGNATURE.test(header.trim());
}

/**
 * Whether X-Hub-Signature-256 signs exactly these body bytes with the app secret. The digests
 * are compared as bytes of equal length in constant time, so timing tells a forger nothing.
 */
export function hasValidMetaSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = header === undefined ? null : SIGNATURE.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1], 'hex'), expected);
}
