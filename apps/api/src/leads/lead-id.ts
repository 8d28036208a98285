import { RECORD_ID } from '@lead-desk/contracts';

/** What a lead id can look like: ours (UUIDv7), or one an imported file carried. */
export function isLeadId(value: string): boolean {
  return RECORD_ID.test(value);
}
