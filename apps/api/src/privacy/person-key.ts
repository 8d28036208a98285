import { createHmac } from 'node:crypto';
import { InvalidFieldsException } from '../common/field-errors';
import { normalizePhoneNumber } from '../leads/phone-number';

/** How a privacy request names a person: a phone number (E.164) or an email (lower-cased), as leads store them. */
export type PersonKey = { kind: 'phone'; value: string } | { kind: 'email'; value: string };

/** The person a request names, read as the leads' de-duplication keys are written; 400 for a number that is not one. */
export function personKeyOf(request: { phone?: string; email?: string }, phoneRegion: string): PersonKey {
  if (request.email) return { kind: 'email', value: request.email.trim().toLowerCase() };
  const phone = normalizePhoneNumber(request.phone ?? '', phoneRegion);
  if (!phone) throw new InvalidFieldsException([{ field: 'phone', message: `${request.phone} is not a valid phone number` }]);
  return { kind: 'phone', value: phone };
}

/** Used when PRIVACY_HASH_SALT is unset (never in production, which refuses to start without it). */
const DEVELOPMENT_SALT = 'lead-desk-development-salt';

/**
 * A salted hash of a phone or an email: what an erasure keeps, so the same person coming
 * back is recognised without the erasure keeping who they are. HMAC-SHA256 keyed by the
 * salt: without it, a list of every Indian number could be hashed and matched.
 */
export function identifierHash(key: PersonKey, salt: string | undefined): string {
  return createHmac('sha256', salt ?? DEVELOPMENT_SALT).update(`${key.kind}:${key.value}`).digest('hex');
}

/** Every identifier a lead carries, as keys. */
export function personKeysOfLead(lead: { phone: string | null; email: string | null }): PersonKey[] {
  const keys: PersonKey[] = [];
  if (lead.phone) keys.push({ kind: 'phone', value: lead.phone });
  if (lead.email) keys.push({ kind: 'email', value: lead.email.toLowerCase() });
  return keys;
}
