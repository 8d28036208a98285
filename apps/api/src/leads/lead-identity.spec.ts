import type { DedupeRule } from '@lead-desk/contracts';
import fc from 'fast-check';
import { emailIdentityKey } from './identity/email-identity-key';
import { namesDifferBeyondSpelling } from './identity/person-name';
import { identityKeys, LeadIdentities, type IdentityMatch, type LeadIdentity, type PersonKey } from './lead-identity';

const lead = (id: string, email: string | null, phone: string | null, createdAt = '2026-01-01T00:00:00.000Z', name = 'Asha Rao'): LeadIdentity => ({
  id,
  name,
  email,
  phone,
  createdAt: new Date(createdAt),
});

/** The id of the lead a record is the same person as, if any. */
function sameAs(identities: LeadIdentities, person: PersonKey, rule?: DedupeRule): string | undefined {
  const match = identities.match(person, rule);
  return match?.kind === 'same' ? match.lead.id : undefined;
}

describe('LeadIdentities', () => {
  const stored = [
    lead('b-newer', 'asha@example.in', '+919811111111', '2026-03-01T00:00:00.000Z'),
    lead('a-older', 'asha@example.in', null, '2026-02-01T00:00:00.000Z'),
    lead('c-phone', 'other@example.in', '+919811111111', '2026-01-01T00:00:00.000Z'),
  ];

  it('finds a lead by id before email, and by email before phone', () => {
    const identities = new LeadIdentities(stored);
    expect(sameAs(identities, { id: 'b-newer', email: 'other@example.in' })).toBe('b-newer');
    expect(sameAs(identities, { id: 'missing', email: 'asha@example.in', phone: '+919811111111' })).toBe('a-older');
    expect(sameAs(identities, { email: 'nobody@example.in', phone: '+919811111111' })).toBe('c-phone');
    expect(identities.match({ email: 'nobody@example.in', phone: '+919800000000' })).toBeUndefined();
    expect(identities.match({})).toBeUndefined();
  });

  it('narrows the match to the email or the phone alone when the import asks, the id counting in every rule', () => {
    const identities = new LeadIdentities(stored);
    const person = { email: 'nobody@example.in', phone: '+919811111111' };
    expect(sameAs(identities, person, 'both')).toBe('c-phone');
    expect(identities.match(person, 'email')).toBeUndefined();
    expect(sameAs(identities, person, 'phone')).toBe('c-phone');
    expect(sameAs(identities, { email: 'asha@example.in', phone: '+919811111111' }, 'phone')).toBe('c-phone');
    expect(sameAs(identities, { email: 'asha@example.in', phone: '+919811111111' }, 'email')).toBe('a-older');
    expect(sameAs(identities, { id: 'b-newer' }, 'phone')).toBe('b-newer');
  });

  it('picks the oldest lead, and of leads created in the same millisecond the lowest id', () => {
    const twins = new LeadIdentities([lead('m', 'twin@example.in', null), lead('k', 'twin@example.in', null), lead('z', 'twin@example.in', null)]);
    expect(sameAs(twins, { email: 'twin@example.in' })).toBe('k');
  });

  it("meets a Gmail address whatever dots or +tag it carries, and says so when the addresses differ", () => {
    const identities = new LeadIdentities([lead('g', 'aarav.sharma@gmail.com', null, undefined, 'Aarav Sharma')]);
    expect(sameAs(identities, { email: 'aaravsharma+homes@googlemail.com', name: 'Aarav Sharma' })).toBe('g');
    expect(identities.match({ email: 'aaravsharma@gmail.com', name: 'Rahul Verma' })).toEqual({ kind: 'possible-duplicate', lead: expect.objectContaining({ id: 'g' }), reason: 'gmail_variant' });
    expect(identities.match({ email: 'aarav.sharma@gmail.com', name: 'Rahul Verma' })).toMatchObject({ kind: 'possible-duplicate', reason: 'same_email' });
  });

  it('never takes a record with another name for the lead with its phone: it is a possible duplicate of it', () => {
    const identities = new LeadIdentities([lead('aarav', null, '+919876543210', undefined, 'Aarav Sharma')]);
    expect(identities.match({ phone: '+919876543210', name: 'Rahul Verma' })).toEqual({
      kind: 'possible-duplicate',
      lead: expect.objectContaining({ id: 'aarav' }),
      reason: 'same_phone',
    });
    expect(sameAs(identities, { phone: '+919876543210', name: 'Arav Sharma' })).toBe('aarav');
    expect(sameAs(identities, { phone: '+919876543210', name: null })).toBe('aarav');
    expect(sameAs(identities, { id: 'aarav', name: 'Rahul Verma' })).toBe('aarav');
  });

  it('takes the first lead of the email or phone whose name agrees, past older ones with other names', () => {
    const identities = new LeadIdentities([
      lead('mother', null, '+919876543210', '2026-01-01T00:00:00.000Z', 'Sunita Sharma'),
      lead('son', null, '+919876543210', '2026-02-01T00:00:00.000Z', 'Aarav Sharma'),
    ]);
    expect(sameAs(identities, { phone: '+919876543210', name: 'Aarav Sharma' })).toBe('son');
    expect(identities.match({ phone: '+919876543210', name: 'Rahul Verma' })).toMatchObject({ kind: 'possible-duplicate', lead: { id: 'mother' } });
  });

  it('names the first lead of the email and the first of the phone, each lead once, leaving one out on request', () => {
    const identities = new LeadIdentities([
      lead('mail', 'asha@example.in', null, '2026-01-01T00:00:00.000Z'),
      lead('both', 'asha@example.in', '+919811111111', '2026-01-02T00:00:00.000Z'),
      lead('phone', null, '+919811111111', '2026-01-03T00:00:00.000Z'),
    ]);
    const firsts = (person: PersonKey, exceptId?: string) => identities.firstSharingContact(person, exceptId).map(({ lead, reason }) => [lead.id, reason]);
    expect(firsts({ email: 'asha@example.in', phone: '+919811111111' })).toEqual([['mail', 'same_email'], ['both', 'same_phone']]);
    expect(firsts({ email: 'asha@example.in', phone: '+919811111111' }, 'mail')).toEqual([['both', 'same_email']]);
    expect(firsts({ phone: '+919811111111' }, 'both')).toEqual([['phone', 'same_phone']]);
    expect(firsts({ email: 'nobody@example.in' })).toEqual([]);
  });

  it('finds an added lead, even one older than the stored ones', () => {
    const identities = new LeadIdentities(stored);
    identities.add(lead('imported', 'asha@example.in', null, '2025-12-31T00:00:00.000Z'));
    expect(sameAs(identities, { email: 'asha@example.in' })).toBe('imported');
    expect(identities.get('imported')?.email).toBe('asha@example.in');
  });

  it('finds a lead by its new name, email and phone after an update, no longer by the old ones, and keeps what the update leaves out', () => {
    const identities = new LeadIdentities(stored);
    identities.update('a-older', { email: 'asha.rao@example.in', phone: '+919822222222' });
    expect(sameAs(identities, { email: 'asha@example.in' })).toBe('b-newer');
    expect(sameAs(identities, { email: 'asha.rao@example.in' })).toBe('a-older');
    expect(sameAs(identities, { phone: '+919822222222' })).toBe('a-older');
    identities.update('a-older', { phone: null });
    expect(identities.match({ phone: '+919822222222' })).toBeUndefined();
    expect(identities.get('a-older')).toEqual(lead('a-older', 'asha.rao@example.in', null, '2026-02-01T00:00:00.000Z'));
    identities.update('a-older', { name: 'Meera Iyer' });
    expect(identities.match({ email: 'asha.rao@example.in', name: 'Asha Rao' })?.kind).toBe('possible-duplicate');
  });

  it('keeps its own copies: changing a lead it was given changes nothing in it', () => {
    const given = lead('x', 'x@example.in', null);
    const identities = new LeadIdentities([given]);
    given.email = 'changed@example.in';
    expect(sameAs(identities, { email: 'x@example.in' })).toBe('x');
  });

  it('refuses to update a lead it does not hold', () => {
    expect(() => new LeadIdentities().update('missing', { email: 'a@example.in' })).toThrow('Lead missing is not among the identities of this batch');
  });
});

describe('identityKeys', () => {
  it('lists the ids, email keys and phones the people give, leaving out what they do not', () => {
    expect(identityKeys([{ id: 'a', email: 'x.y+z@gmail.com' }, { phone: '+919811111111', email: null }, {}])).toEqual({
      ids: ['a'],
      emailKeys: ['xy@gmail.com'],
      phones: ['+919811111111'],
    });
  });
});

/** The rule read literally, as one query per record would apply it to the leads table. */
function matchInTable(table: LeadIdentity[], { id, email, phone, name }: PersonKey): IdentityMatch | undefined {
  const ordered = [...table].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = id ? ordered.find((lead) => lead.id === id) : undefined;
  if (byId) return { kind: 'same', lead: byId };
  const candidates = [
    ...(email ? ordered.filter((lead) => lead.email && emailIdentityKey(lead.email) === emailIdentityKey(email)).map((lead) => ({ lead, reason: lead.email === email ? 'same_email' : 'gmail_variant' }) as const) : []),
    ...(phone ? ordered.filter((lead) => lead.phone === phone).map((lead) => ({ lead, reason: 'same_phone' }) as const) : []),
  ];
  const same = candidates.find((candidate) => !namesDifferBeyondSpelling(name ?? null, candidate.lead.name));
  if (same) return { kind: 'same', lead: same.lead };
  return candidates[0] && { kind: 'possible-duplicate', ...candidates[0] };
}

// Few ids, names, emails, phones and times, so records collide often, ties included.
const someId = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const someName = fc.constantFrom('Aarav Sharma', 'Arav Sharma', 'Rahul Verma', 'Sunita Sharma');
const someEmail = fc.option(fc.constantFrom('x@example.in', 'y.z@gmail.com', 'yz+leads@gmail.com', 'z@example.in'));
const somePhone = fc.option(fc.constantFrom('+919811111111', '+919822222222'));
const someTime = fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z').map((time) => new Date(time));
const storedLeads = fc.uniqueArray(fc.record({ id: someId, name: someName, email: someEmail, phone: somePhone, createdAt: someTime }), { selector: (lead) => lead.id, maxLength: 6 });
/** An imported row: who it says it is, and when the lead was created if it creates one. */
const records = fc.array(fc.record({ id: fc.option(someId), name: fc.option(someName), email: someEmail, phone: somePhone, createdAt: someTime }), { maxLength: 12 });

describe('LeadIdentities against the rule applied one record at a time', () => {
  it('resolves each record of a batch as a query per record would, as records create and change leads', () => {
    fc.assert(
      fc.property(storedLeads, records, (stored, batch) => {
        const identities = new LeadIdentities(stored);
        const table: LeadIdentity[] = stored.map((lead) => ({ ...lead }));
        batch.forEach((record, index) => {
          const expected = matchInTable(table, record);
          const actual = identities.match(record);
          expect(actual && { kind: actual.kind, id: actual.lead.id, reason: actual.kind === 'same' ? null : actual.reason }).toEqual(
            expected && { kind: expected.kind, id: expected.lead.id, reason: expected.kind === 'same' ? null : expected.reason },
          );
          if (expected?.kind === 'same') {
            // A row changes the name, email and phone it gives, and keeps the ones it leaves empty.
            const changes = { ...(record.name ? { name: record.name } : {}), ...(record.email ? { email: record.email } : {}), ...(record.phone ? { phone: record.phone } : {}) };
            Object.assign(expected.lead, changes);
            identities.update(expected.lead.id, changes);
          } else {
            const created: LeadIdentity = { id: record.id ?? `new-${index}`, name: record.name ?? 'Unnamed', email: record.email, phone: record.phone, createdAt: record.createdAt };
            table.push(created);
            identities.add(created);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });
});
