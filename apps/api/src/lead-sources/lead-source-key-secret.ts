import { createHash, randomBytes } from 'node:crypto';
import { LEAD_SOURCE_KEY_PREFIX } from '@lead-desk/contracts';

/** Characters of a key kept to tell it apart in the dashboard: the prefix and 8 random ones (48 bits, far from enough to guess the rest). */
const SHOWN_CHARACTERS = LEAD_SOURCE_KEY_PREFIX.length + 8;

export interface NewKeySecret {
  /** The whole key, answered once and never stored. */
  key: string;
  prefix: string;
  hash: string;
}

/** The SHA-256 a key is stored and looked up by: 256 random bits need no slow hash. */
export function hashOfKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new API key: `ldk_` and 256 random bits in base64url. */
export function newKeySecret(): NewKeySecret {
  const key = `${LEAD_SOURCE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_CHARACTERS), hash: hashOfKey(key) };
}
