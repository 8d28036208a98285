import { readInboundPayload } from './inbound-lead-payload';

const reading = { phoneRegion: 'IN', timeZone: 'Asia/Kolkata', now: new Date('2026-11-28T06:00:00Z') };

describe('readInboundPayload', () => {
  it('reads the import’s synonyms into our field names, the source’s creation time with its offset, and keeps the rest for the timeline', () => {
    const read = readInboundPayload(
      { externalId: 4711, 'Full Name': 'Aarav Sharma', Mobile: '98450 12345', email_id: 'aarav@example.in', City: 'Pune', Budget: 4500000, created_on: '2026-11-28T10:15:00+05:30', Remarks: 'Wants 2BHK', source: 'portal' },
      reading,
    );
    expect(read).toEqual({
      ok: true,
      value: {
        fields: { name: 'Aarav Sharma', phone: '98450 12345', email: 'aarav@example.in', location: 'Pune', budget: '4500000' },
        externalId: '4711',
        arrivedAt: new Date('2026-11-28T04:45:00Z'),
        test: false,
        details: { Remarks: 'Wants 2BHK', source: 'portal' },
      },
    });
  });

  it('joins a split name and names the body’s own key when a value is wrong', () => {
    expect(readInboundPayload({ first_name: 'Priya', last_name: 'Nair', mobile_no: '12' }, reading)).toEqual({ ok: false, errors: [{ field: 'mobile_no', message: 'is not a valid phone number' }] });
    expect(readInboundPayload({ first_name: 'Priya', last_name: 'Nair' }, reading)).toMatchObject({ ok: true, value: { fields: { name: 'Priya Nair' } } });
  });

  it('refuses what is not one lead, what a source does not decide, nested values and a creation time ahead of now', () => {
    expect(readInboundPayload([{ name: 'A' }], reading)).toMatchObject({ ok: false, errors: [{ field: 'body' }] });
    expect(readInboundPayload({ name: 'A', owner: 'boss@example.in' }, reading)).toMatchObject({ ok: false, errors: [{ field: 'owner' }] });
    expect(readInboundPayload({ name: 'A', phone: { number: '1' } }, reading)).toEqual({ ok: false, errors: [{ field: 'phone', message: 'must be text, a number or true/false' }] });
    expect(readInboundPayload({ name: 'A', createdAt: '2026-11-29T00:00:00Z' }, reading)).toEqual({ ok: false, errors: [{ field: 'createdAt', message: 'must not be in the future' }] });
    expect(readInboundPayload({ phone: '9845012345' }, reading)).toEqual({ ok: false, errors: [{ field: 'name', message: 'is required' }] });
    expect(readInboundPayload({ name: 'A', externalId: {} }, reading)).toMatchObject({ ok: false, errors: [{ field: 'externalId' }] });
  });
});
