import type { DedupeRule } from '@lead-desk/contracts';
import type { Lead } from '../database/models';

/** What tells whether a lead is the same person as a new record, and which of several is the first. */
export type LeadIdentity = Pick<Lead, 'id' | 'email' | 'phone' | 'createdAt'>;

/** Who a new record (an imported row, a caller) says they are; any part may be missing. */
export interface PersonKey {
  id?: string | null;
  email?: string | null;
  phone?: string | null;
}

/**
 * "Is this the same person?", decided one way for the webhook and the import: the lead
 * with the record's id, else the oldest lead with its email, else the oldest with its
 * phone ("oldest" as the database orders leads: by creation time, then id). An import may
 * narrow it to the email or the phone alone (DedupeRule; the id always counts). Holds the
 * leads a batch may be about; the batch adds the leads it creates and the emails and
 * phones it changes, so each later record sees what the earlier ones did.
 */
export class LeadIdentities {
  private readonly byId = new Map<string, LeadIdentity>();
  private readonly byEmail = new Map<string, Set<LeadIdentity>>();
  private readonly byPhone = new Map<string, Set<LeadIdentity>>();

  constructor(leads: Iterable<LeadIdentity> = []) {
    for (const lead of leads) this.add(lead);
  }

  get(id: string): LeadIdentity | undefined {
    return this.byId.get(id);
  }

  samePerson({ id, email, phone }: PersonKey, rule: DedupeRule = 'both'): LeadIdentity | undefined {
    return (
      (id ? this.byId.get(id) : undefined) ??
      (email && rule !== 'phone' ? oldest(this.byEmail.get(email)) : undefined) ??
      (phone && rule !== 'email' ? oldest(this.byPhone.get(phone)) : undefined)
    );
  }

  /** A lead stored (or about to be): later records find it. */
  add({ id, email, phone, createdAt }: LeadIdentity): void {
    this.remove(id);
    const lead = { id, email, phone, createdAt };
    this.byId.set(id, lead);
    file(this.byEmail, lead.email, lead);
    file(this.byPhone, lead.phone, lead);
  }

  /** A lead's email or phone changed (undefined: unchanged): later records find it by the new ones only. */
  update(id: string, changes: { email?: string | null; phone?: string | null }): void {
    const lead = this.byId.get(id);
    if (!lead) throw new Error(`Lead ${id} is not among the identities of this batch`);
    this.add({
      ...lead,
      email: changes.email === undefined ? lead.email : changes.email,
      phone: changes.phone === undefined ? lead.phone : changes.phone,
    });
  }

  private remove(id: string): void {
    const lead = this.byId.get(id);
    if (!lead) return;
    this.byId.delete(id);
    if (lead.email) this.byEmail.get(lead.email)?.delete(lead);
    if (lead.phone) this.byPhone.get(lead.phone)?.delete(lead);
  }
}

/** What a batch of people may be found by: load every lead with one of these ids, emails or phones. */
export function identityKeys(people: PersonKey[]): { ids: string[]; emails: string[]; phones: string[] } {
  const given = (values: (string | null | undefined)[]) => values.filter((value): value is string => !!value);
  return {
    ids: given(people.map(({ id }) => id)),
    emails: given(people.map(({ email }) => email)),
    phones: given(people.map(({ phone }) => phone)),
  };
}

function file(index: Map<string, Set<LeadIdentity>>, key: string | null, lead: LeadIdentity): void {
  if (!key) return;
  const leads = index.get(key) ?? new Set();
  leads.add(lead);
  index.set(key, leads);
}

/** The first lead stored, as the database orders them: by creation time, then id. */
function oldest(leads: Iterable<LeadIdentity> = []): LeadIdentity | undefined {
  let first: LeadIdentity | undefined;
  for (const lead of leads) if (!first || isOlder(lead, first)) first = lead;
  return first;
}

function isOlder(lead: LeadIdentity, than: LeadIdentity): boolean {
  const age = lead.createdAt.getTime() - than.createdAt.getTime();
  return age < 0 || (age === 0 && lead.id < than.id);
}
