import { createHash } from 'node:crypto';

/**
 * The ETag of the customer page's list: a hash of the answer itself, so it changes with
 * any edit that shows on the page (and only then) and every API process gives the same one.
 */
export function listedPropertiesTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
