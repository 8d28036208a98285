import fc from 'fast-check';
import { identityKeys, LeadIdentities, type LeadIdentity, type PersonKey } from './lead-identity';

const lead = (id: string, email: string | null, phone: string | null, createdAt = '2026-01-01T00:00:00.000Z'): LeadIdentity => ({
  id,
  email,
  phone,
  createdAt: new Date(createdAt),
});

describe('LeadIdentities', () => {
  const stored = [
    lead('b-newer', 'asha@example.in', '+919811111111', '2026-03-01T00:00:00.000Z'),
    lead('a-older', 'asha@example.in', null, '2026-02-01T00:00:00.000Z'),
    lead('c-phone', 'other@example.in', '+919811111111', '2026-01-01T00:00:00.000Z'),
  ];

  it('finds a lead by id before email, and by email before phone', () => {
    const identities = new LeadIdentities(stored);
    expect(identities.samePerson({ id: 'b-newer', email: 'other@example.in' })?.id).toBe('b-newer');
    expect(identities.samePerson({ id: 'missing', email: 'asha@example.in', phone: '+919811111111' })?.id).toBe('a-older');
    expect(identities.samePerson({ email: 'nobody@example.in', phone: '+919811111111' })?.id).toBe('c-phone');
    expect(identities.samePerson({ email: 'nobody@example.in', phone: '+919800000000' })).toBeUndefined();
    expect(identities.samePerson({})).toBeUndefined();
  });

  it('narrows the match to the email or the phone alone when the import asks, the id counting in every rule', () => {
    const identities = new LeadIdentities(stored);
    const person = { email: 'nobody@example.in', phone: '+919811111111' };
    expect(identities.samePerson(person, 'both')?.id).toBe('c-phone');
    expect(identities.samePerson(person, 'email')).toBeUndefined();
    expect(identities.samePerson(person, 'phone')?.id).toBe('c-phone');
    expect(identities.samePerson({ email: 'asha@example.in', phone: '+919811111111' }, 'phone')?.id).toBe('c-phone');
    expect(identities.samePerson({ email: 'asha@example.in', phone: '+919811111111' }, 'email')?.id).toBe('a-older');
    expect(identities.samePerson({ id: 'b-newer' }, 'phone')?.id).toBe('b-newer');
  });

  it('picks the oldest lead, and of leads created in the same millisecond the lowest id', () => {
    const twins = new LeadIdentities([lead('m', 'twin@example.in', null), lead('k', 'twin@example.in', null), lead('z', 'twin@example.in', null)]);
    expect(twins.samePerson({ email: 'twin@example.in' })?.id).toBe('k');
  });

  it('finds an added lead, even one older than the stored ones', () => {
    const identities = new LeadIdentities(stored);
    identities.add(lead('imported', 'asha@example.in', null, '2025-12-31T00:00:00.000Z'));
    expect(identities.samePerson({ email: 'asha@example.in' })?.id).toBe('imported');
    expect(identities.get('imported')?.email).toBe('asha@example.in');
  });

  it('finds a lead by its new email and phone after an update, no longer by the old ones, and keeps what the update leaves out', () => {
    const identities = new LeadIdentities(stored);
    identities.update('a-older', { email: 'asha.rao@example.in', phone: '+919822222222' });
    expect(identities.samePerson({ email: 'asha@example.in' })?.id).toBe('b-newer');
    expect(identities.samePerson({ email: 'asha.rao@example.in' })?.id).toBe('a-older');
    expect(identities.samePerson({ phone: '+919822222222' })?.id).toBe('a-older');
    identities.update('a-older', { phone: null });
    expect(identities.samePerson({ phone: '+919822222222' })).toBeUndefined();
    expect(identities.get('a-older')).toEqual(lead('a-older', 'asha.rao@example.in', null, '2026-02-01T00:00:00.000Z'));
  });

  it('keeps its own copies: changing a lead it was given changes nothing in it', () => {
    const given = lead('x', 'x@example.in', null);
    const identities = new LeadIdentities([given]);
    given.email = 'changed@example.in';
    expect(identities.samePerson({ email: 'x@example.in' })?.id).toBe('x');
  });

  it('refuses to update a lead it does not hold', () => {
    expect(() => new LeadIdentities().update('missing', { email: 'a@example.in' })).toThrow('Lead missing is not among the identities of this batch');
  });
});

describe('identityKeys', () => {
  it('lists the ids, emails and phones the people give, leaving out what they do not', () => {
    expect(identityKeys([{ id: 'a', email: 'x@example.in' }, { phone: '+919811111111', email: null }, {}])).toEqual({
      ids: ['a'],
      emails: ['x@example.in'],
      phones: ['+919811111111'],
    });
  });
});

/** The rule read literally, as one query per record would apply it to the leads table. */
function samePersonInTable(table: LeadIdentity[], { id, email, phone }: PersonKey): LeadIdentity | undefined {
  const ordered = [...table].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return (
    (id ? ordered.find((lead) => lead.id === id) : undefined) ??
    (email ? ordered.find((lead) => lead.email === email) : undefined) ??
    (phone ? ordered.find((lead) => lead.phone === phone) : undefined)
  );
}

// Few ids, emails, phones and times, so records collide often, ties included.
const someId = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const someEmail = fc.option(fc.constantFrom('x@example.in', 'y@example.in', 'z@example.in'));
const somePhone = fc.option(fc.constantFrom('+919811111111', '+919822222222'));
const someTime = fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z').map((time) => new Date(time));
const storedLeads = fc.uniqueArray(fc.record({ id: someId, email: someEmail, phone: somePhone, createdAt: someTime }), { selector: (lead) => lead.id, maxLength: 6 });
/** An imported row: who it says it is, and when the lead was created if it creates one. */
const records = fc.array(fc.record({ id: fc.option(someId), email: someEmail, phone: somePhone, createdAt: someTime }), { maxLength: 12 });

describe('LeadIdentities against the rule applied one record at a time', () => {
  it('resolves each record of a batch to the lead a query per record would find, as records create and change leads', () => {
    fc.assert(
      fc.property(storedLeads, records, (stored, batch) => {
        const identities = new LeadIdentities(stored);
        const table: LeadIdentity[] = stored.map((lead) => ({ ...lead }));
        batch.forEach((record, index) => {
          const expected = samePersonInTable(table, record);
          expect(identities.samePerson(record)?.id).toBe(expected?.id);
          if (expected) {
            // A row changes the email and phone it gives, and keeps the ones it leaves empty.
            const changes = { ...(record.email ? { email: record.email } : {}), ...(record.phone ? { phone: record.phone } : {}) };
            Object.assign(expected, changes);
            identities.update(expected.id, changes);
          } else {
            const created: LeadIdentity = { id: record.id ?? `new-${index}`, email: record.email, phone: record.phone, createdAt: record.createdAt };
            table.push(created);
            identities.add(created);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });
});
