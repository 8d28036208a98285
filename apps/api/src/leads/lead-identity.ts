import type { DedupeRule, DuplicateReason } from '@lead-desk/contracts';
import type { Lead } from '../database/models';
import { emailIdentityKey } from './identity/email-identity-key';
import { namesDifferBeyondSpelling } from './identity/person-name';

/** What tells whether a lead is the same person as a new record, and which of several is the first. */
export type LeadIdentity = Pick<Lead, 'id' | 'name' | 'email' | 'phone' | 'createdAt'>;

/** Who a new record (an imported row, a caller, a form) says they are; any part may be missing. */
export interface PersonKey {
  id?: string | null;
  email?: string | null;
  phone?: string | null;
  /** The name the record gives; null or absent when it gives none (then no name can differ). */
  name?: string | null;
}

/** How a record meets a stored lead: its phone, its email, or its email as the same Gmail mailbox. */
export type SharedContact = Exclude<DuplicateReason, 'close_name_same_location'>;

/** A stored lead a record met: the same person, or a possible duplicate to show staff (another name, same phone or email). */
export type IdentityMatch = { kind: 'same'; lead: LeadIdentity } | { kind: 'possible-duplicate'; lead: LeadIdentity; reason: SharedContact };

/**
 * "Is this the same person?", decided one way for every path that writes a lead (webhook,
 * form, import, merge): the lead with the record's id; else a lead with its email
 * (emailIdentityKey: Gmail's dots and +tags aside) or its phone, the oldest first, emails
 * before phones ("oldest" as the database orders leads: by creation time, then id), whose
 * name does not differ beyond spelling from the record's. When every lead with the email or
 * phone has another name, the record is a possible duplicate of the first of them, never
 * that person. An import may narrow the match to the email or the phone alone (DedupeRule;
 * the id always counts). Holds the leads a batch may be about; the batch adds the leads it
 * creates and the names, emails and phones it changes, so each later record sees what the
 * earlier ones did.
 */
export class LeadIdentities {
  private readonly byId = new Map<string, LeadIdentity>();
  private readonly byEmailKey = new Map<string, Set<LeadIdentity>>();
  private readonly byPhone = new Map<string, Set<LeadIdentity>>();

  constructor(leads: Iterable<LeadIdentity> = []) {
    for (const lead of leads) this.add(lead);
  }

  get(id: string): LeadIdentity | undefined {
    return this.byId.get(id);
  }

  match(person: PersonKey, rule: DedupeRule = 'both'): IdentityMatch | undefined {
    const byId = person.id ? this.byId.get(person.id) : undefined;
    if (byId) return { kind: 'same', lead: byId };
    const candidates = this.sharingContact(person, rule);
    const same = candidates.find(({ lead }) => !namesDifferBeyondSpelling(person.name ?? null, lead.name));
    if (same) return { kind: 'same', lead: same.lead };
    const [first] = candidates;
    return first && { kind: 'possible-duplicate', lead: first.lead, reason: first.reason };
  }

  /** Every lead with the record's email (by emailIdentityKey), then every lead with its phone, each the oldest first, whatever their names. */
  sharingContact({ email, phone }: PersonKey, rule: DedupeRule = 'both'): { lead: LeadIdentity; reason: SharedContact }[] {
    return [
      ...(email && rule !== 'phone'
        ? byAge(this.byEmailKey.get(emailIdentityKey(email))).map((lead) => ({ lead, reason: lead.email === email ? ('same_email' as const) : ('gmail_variant' as const) }))
        : []),
      ...(phone && rule !== 'email' ? byAge(this.byPhone.get(phone)).map((lead) => ({ lead, reason: 'same_phone' as const })) : []),
    ];
  }

  /** The first lead with the record's email and the first with its phone, other than `exceptId`: whom a lead made or edited over them is paired with. */
  firstSharingContact(person: PersonKey, exceptId?: string): { lead: LeadIdentity; reason: SharedContact }[] {
    const sharing = this.sharingContact(person).filter(({ lead }) => lead.id !== exceptId);
    const byEmail = sharing.find(({ reason }) => reason !== 'same_phone');
    const byPhone = sharing.find(({ reason }) => reason === 'same_phone');
    return [byEmail, byPhone?.lead.id === byEmail?.lead.id ? undefined : byPhone].filter((first) => first !== undefined);
  }

  /** A lead stored (or about to be): later records find it. */
  add({ id, name, email, phone, createdAt }: LeadIdentity): void {
    this.remove(id);
    const lead = { id, name, email, phone, createdAt };
    this.byId.set(id, lead);
    file(this.byEmailKey, lead.email && emailIdentityKey(lead.email), lead);
    file(this.byPhone, lead.phone, lead);
  }

  /** A lead's name, email or phone changed (undefined: unchanged): later records find it by the new ones only. */
  update(id: string, changes: { name?: string; email?: string | null; phone?: string | null }): void {
    const lead = this.byId.get(id);
    if (!lead) throw new Error(`Lead ${id} is not among the identities of this batch`);
    this.add({
      ...lead,
      name: changes.name ?? lead.name,
      email: changes.email === undefined ? lead.email : changes.email,
      phone: changes.phone === undefined ? lead.phone : changes.phone,
    });
  }

  private remove(id: string): void {
    const lead = this.byId.get(id);
    if (!lead) return;
    this.byId.delete(id);
    if (lead.email) this.byEmailKey.get(emailIdentityKey(lead.email))?.delete(lead);
    if (lead.phone) this.byPhone.get(lead.phone)?.delete(lead);
  }
}

/** What a batch of people may be found by: load every lead with one of these ids, email keys or phones. */
export function identityKeys(people: PersonKey[]): { ids: string[]; emailKeys: string[]; phones: string[] } {
  const given = (values: (string | null | undefined)[]) => values.filter((value): value is string => !!value);
  return {
    ids: given(people.map(({ id }) => id)),
    emailKeys: given(people.map(({ email }) => email && emailIdentityKey(email))),
    phones: given(people.map(({ phone }) => phone)),
  };
}

function file(index: Map<string, Set<LeadIdentity>>, key: string | null, lead: LeadIdentity): void {
  if (!key) return;
  const leads = index.get(key) ?? new Set();
  leads.add(lead);
  index.set(key, leads);
}

/** The leads as the database orders them: by creation time, then id. */
function byAge(leads: Iterable<LeadIdentity> = []): LeadIdentity[] {
  return [...leads].sort((lead, other) => lead.createdAt.getTime() - other.createdAt.getTime() || (lead.id < other.id ? -1 : lead.id > other.id ? 1 : 0));
}
