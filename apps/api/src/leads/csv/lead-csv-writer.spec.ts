import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import type { Lead } from '../../database/models';
import { freshLead } from '../fresh-lead';
import { toLeadOutput } from '../outputs/lead.output';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';

const NEW_STAGE = { id: 'stage-new', name: 'New', kind: 'open' };
import { leadsCsvRecords } from './lead-csv-writer';

/** What the export wrote with csv-stringify before the hand-written writer replaced it. */
const withCsvStringify = (leads: Lead[]) =>
  stringify(leads.map((lead) => toLeadOutput({ ...lead, stage: NEW_STAGE, owner: null })), {
    columns: [...LEAD_CSV_COLUMNS],
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value), string: escapeFormula, number: (value) => escapeFormula(String(value)) },
  });

// Texts rich in the characters that matter: separators, quotes, line breaks, formula leaders.
const tricky = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', "'", '\r', '\n', '\t', '=', '+', '-', '@', 'ä', 'प', '🏡'), maxLength: 12 });
const lead: fc.Arbitrary<Lead> = fc.record({
  id: fc.uuid(),
  name: tricky,
  email: fc.option(tricky),
  phone: fc.option(tricky),
  location: fc.option(tricky),
  qualified: fc.boolean(),
  source: tricky,
  interestedIn: fc.option(tricky),
  budgetAmount: fc.option(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true })),
  budgetText: fc.option(tricky),
  timeline: fc.option(tricky),
  loanNeeded: fc.option(fc.boolean()),
  createdAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
  updatedAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
  stageId: fc.constant('stage-new'),
  ownerId: fc.constant(null),
  lostReason: fc.constant(null),
  version: fc.constant(1),
  archivedAt: fc.constant(null),
  tags: fc.constant('[]'),
  doNotCall: fc.constant(false),
  doNotCallReason: fc.constant(null),
  previouslyErasedAt: fc.constant(null),
});

describe('leadsCsvRecords', () => {
  it('writes exactly what csv-stringify wrote, for any leads', () => {
    fc.assert(fc.property(fc.array(lead, { maxLength: 5 }), (leads) => expect(leadsCsvRecords(leads)).toBe(withCsvStringify(leads))), { numRuns: 2000 });
  });

  it('quotes separators and line breaks, doubles quotes and neutralises formulas', () => {
    const createdAt = new Date('2026-03-05T10:00:00Z');
    const text = leadsCsvRecords([
      {
        id: 'lead-1', name: 'Sharma, "AJ"', email: '=cmd@example.in', phone: '+919876543210', location: 'Mumbai\nWest', qualified: true,
        source: 'voice bot', interestedIn: null, budgetAmount: 4500000, budgetText: null, timeline: '3 months', loanNeeded: null, createdAt, updatedAt: createdAt,
        ...freshLead('stage-new'),
      },
    ]);
    expect(text).toBe(`lead-1,"Sharma, ""AJ""",'=cmd@example.in,"Mumbai\nWest",true,2026-03-05T10:00:00.000Z,voice bot,'+919876543210,,4500000,3 months,\r\n`);
  });
});
