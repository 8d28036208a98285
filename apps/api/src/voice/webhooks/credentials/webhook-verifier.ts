import { createHash, timingSafeEqual } from 'node:crypto';

/** What a credential check reads of a webhook delivery. */
export interface WebhookDelivery {
  /** A header's value, by its lower-case name. */
  header(name: string): string | undefined;
  /** The body exactly as received: a signature covers these bytes, not a re-serialised copy. */
  rawBody: Buffer;
  method: string;
  /** The URL the platform posted to. */
  url: string;
}

/** One kind of credential Vapi can attach to a server URL. */
export interface WebhookVerifier {
  /** For logs: which credential was checked (never its value). */
  readonly credential: string;
  verify(delivery: WebhookDelivery): boolean;
}

export function secretDigest(secret: string | Buffer): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * Compares what was sent with what was expected as SHA-256 digests through timingSafeEqual,
 * so neither the length nor a prefix of the expected value leaks in timing.
 */
export function matchesDigest(given: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(secretDigest(given), expectedDigest);
}
