import { createHash, randomBytes } from 'node:crypto';

/** A feed's file name in its address: the secret (32 random bytes, base64url) and `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** What the database keeps of a feed's secret: its SHA-256, so a copy of the database opens no feed. */
export function feedSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret, shown once in the feed's address, and the hash that is stored. */
export function newFeedSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: feedSecretHash(secret) };
}

/** The secret a requested file name carries, or null when it cannot be one of ours. */
export function secretOfFeedFile(file: string): string | null {
  return FEED_FILE.exec(file)?.[1] ?? null;
}
