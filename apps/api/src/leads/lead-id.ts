/** What a lead id can look like: ours (UUIDv7), or one an imported file carried. */
export function isLeadId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
