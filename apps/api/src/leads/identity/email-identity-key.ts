/** Gmail's domains: one mailbox whatever dots or +tag the address carries. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An email as "is this the same person" compares it: lower-case and trimmed, and for
 * Gmail without the dots and the +tag of its local part, which Gmail ignores
 * (`Aarav.Sharma+homes@googlemail.com` is `aaravsharma@gmail.com`).
 */
export function emailIdentityKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return address;
  const local = address.slice(0, at).split('+')[0].replaceAll('.', '');
  return `${local}@gmail.com`;
}

/** Whether two different addresses meet only through Gmail's rule (the pair's reason then says "Gmail variant"). */
export function isGmailVariant(email: string, other: string): boolean {
  return email.trim().toLowerCase() !== other.trim().toLowerCase() && emailIdentityKey(email) === emailIdentityKey(other);
}
