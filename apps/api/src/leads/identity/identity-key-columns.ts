import { emailIdentityKey } from './email-identity-key';
import { locationKey } from './location-key';
import { nameKey } from './person-name';

/** The identity keys' columns, as the stored lead names them. */
export interface IdentityKeyColumns {
  emailKey?: string | null;
  nameKey?: string | null;
  locationKey?: string | null;
}

/** The keys "is this the same person" looks leads up by, for a write of these columns: each written beside the column it comes from. */
export function identityKeyColumns(columns: { name?: string; email?: string | null; location?: string | null }): IdentityKeyColumns {
  const keys: IdentityKeyColumns = {};
  if (columns.email !== undefined) keys.emailKey = columns.email === null ? null : emailIdentityKey(columns.email);
  if (columns.name !== undefined) keys.nameKey = nameKey(columns.name);
  if (columns.location !== undefined) keys.locationKey = locationKey(columns.location);
  return keys;
}
