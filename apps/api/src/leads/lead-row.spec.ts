import fc from 'fast-check';
import type { Lead } from '../generated/sqlite/client';
import { leadOutputFromRow, rowTime, type LeadRow } from './lead-row';
import { toLeadOutput } from './outputs/lead.output';

const time = fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true });
const text = fc.option(fc.string({ maxLength: 8 }));
const lead: fc.Arbitrary<Lead> = fc.record({
  id: fc.uuid(),
  name: fc.string({ maxLength: 8 }),
  email: text,
  phone: text,
  location: text,
  qualified: fc.boolean(),
  source: fc.string({ maxLength: 8 }),
  interestedIn: text,
  budgetAmount: fc.option(fc.double({ noNaN: true })),
  budgetText: text,
  timeline: text,
  loanNeeded: fc.option(fc.boolean()),
  createdAt: time,
  updatedAt: time,
});

/** The row better-sqlite3 returns for a lead Prisma's adapter wrote. */
const sqliteRow = (lead: Lead): LeadRow => ({
  ...lead,
  qualified: Number(lead.qualified),
  loanNeeded: lead.loanNeeded === null ? null : Number(lead.loanNeeded),
  createdAt: lead.createdAt.toISOString().replace('Z', '+00:00'),
  updatedAt: lead.updatedAt.toISOString().replace('Z', '+00:00'),
});

describe('leadOutputFromRow', () => {
  it('gives what toLeadOutput gives for the lead, from a SQLite row or a PostgreSQL one', () => {
    fc.assert(
      fc.property(lead, (lead) => {
        expect(leadOutputFromRow(sqliteRow(lead))).toEqual(toLeadOutput(lead));
        expect(leadOutputFromRow(lead)).toEqual(toLeadOutput(lead));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a time in another text form through Date', () => {
    const row = { ...sqliteRow(fc.sample(lead, 1)[0]), createdAt: '2026-11-23 09:10:46' };
    expect(leadOutputFromRow(row).createdAt).toBe(new Date('2026-11-23 09:10:46').toISOString());
    expect(rowTime('2026-11-23T09:10:46.304+00:00').toISOString()).toBe('2026-11-23T09:10:46.304Z');
  });
});
