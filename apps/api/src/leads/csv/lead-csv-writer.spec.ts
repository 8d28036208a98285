import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { freshLead } from '../fresh-lead';
import { toLeadOutput } from '../outputs/lead.output';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';
import { leadsCsvRecords, type LeadCsvRow } from './lead-csv-writer';
import { tagListCell } from './tag-list-cell';

/**
 * What the export wrote with csv-stringify before the hand-written writer replaced it, given
 * the lead's JSON (the stage by name, the owner by email, the tags in one cell) and the two
 * columns the JSON lacks.
 */
const withCsvStringify = (leads: LeadCsvRow[]) =>
  stringify(
    leads.map((lead) => {
      const output = toLeadOutput({ ...lead, stage: { id: lead.stageId, name: lead.stage.name, kind: 'open' }, owner: lead.owner && { id: 'owner', name: 'Owner', email: lead.owner.email } });
      return {
        ...output,
        stage: output.stage.name,
        owner: output.owner?.email ?? null,
        tags: tagListCell(output.tags),
        consent: ((toBeCalled) => (toBeCalled.length === 0 ? null : toBeCalled.some((consent) => consent.withdrawnAt === null)))(lead.consents.filter(({ purpose }) => purpose !== 'whatsapp')),
        lastActivityAt: lead.lastActivityAt?.toISOString() ?? null,
      };
    }),
    {
      columns: [...LEAD_CSV_COLUMNS],
      record_delimiter: '\r\n',
      quoted_match: /[\r\n]/,
      cast: { boolean: (value) => String(value), string: escapeFormula, number: (value) => escapeFormula(String(value)) },
    },
  );

// Texts rich in the characters that matter: separators, quotes, line breaks, formula leaders.
const tricky = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', "'", '\r', '\n', '\t', '=', '+', '-', '@', 'ä', 'प', '🏡'), maxLength: 12 });
const anyDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
const lead: fc.Arbitrary<LeadCsvRow> = fc.record({
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
  createdAt: anyDate,
  updatedAt: anyDate,
  stageId: fc.constant('stage-new'),
  ownerId: fc.constant(null),
  lostReason: fc.option(tricky),
  version: fc.constant(1),
  archivedAt: fc.constant(null),
  tags: fc.array(tricky.filter((tag) => tag.trim() !== '')).map((tags) => JSON.stringify(tags)),
  doNotCall: fc.boolean(),
  doNotCallReason: fc.constant(null),
  previouslyErasedAt: fc.constant(null),
  stage: fc.record({ name: tricky }),
  owner: fc.option(fc.record({ email: tricky })),
  consents: fc.array(fc.record({ withdrawnAt: fc.option(anyDate), purpose: fc.constantFrom('Calls about properties', 'whatsapp') }), { maxLength: 3 }),
  lastActivityAt: fc.option(anyDate),
});

const createdAt = new Date('2026-03-05T10:00:00Z');
const example: LeadCsvRow = {
  id: 'lead-1', name: 'Sharma, "AJ"', email: '=cmd@example.in', phone: '+919876543210', location: 'Mumbai\nWest', qualified: true,
  source: 'voice bot', interestedIn: null, budgetAmount: 4500000, budgetText: null, timeline: '3 months', loanNeeded: null, createdAt, updatedAt: createdAt,
  ...freshLead('stage-lost'), lostReason: '-20% over budget', tags: JSON.stringify(['=VIP', 'Pune, West']), doNotCall: true,
  stage: { name: 'Lost' }, owner: { email: 'ravi@example.in' }, consents: [{ withdrawnAt: createdAt, purpose: 'Calls about properties' }], lastActivityAt: new Date('2026-03-06T11:30:00Z'),
};

describe('leadsCsvRecords', () => {
  it('writes exactly what csv-stringify wrote, for any leads', () => {
    fc.assert(fc.property(fc.array(lead, { maxLength: 5 }), (leads) => expect(leadsCsvRecords(leads)).toBe(withCsvStringify(leads))), { numRuns: 2000 });
  });

  it('quotes separators and line breaks, doubles quotes and neutralises formulas, in the new columns too', () => {
    expect(leadsCsvRecords([example])).toBe(
      `lead-1,"Sharma, ""AJ""",'=cmd@example.in,"Mumbai\nWest",true,2026-03-05T10:00:00.000Z,voice bot,'+919876543210,,4500000,3 months,,` +
        `Lost,ravi@example.in,"'=VIP, ""Pune, West""",'-20% over budget,false,true,2026-03-06T11:30:00.000Z\r\n`,
    );
  });

  it('writes consent as true while one to be called stands, false once every one is withdrawn, and nothing when none was given (a WhatsApp opt-in is none)', () => {
    const consentCell = (consents: LeadCsvRow['consents']) => leadsCsvRecords([{ ...example, consents }]).split(',').at(-3);
    const withdrawnAt = new Date('2026-03-06T00:00:00Z');
    const calls = 'Calls about properties';
    expect([
      consentCell([{ withdrawnAt: null, purpose: calls }, { withdrawnAt, purpose: calls }]),
      consentCell([{ withdrawnAt, purpose: calls }, { withdrawnAt: null, purpose: 'whatsapp' }]),
      consentCell([]),
      consentCell([{ withdrawnAt: null, purpose: 'whatsapp' }]),
    ]).toEqual(['true', 'false', '', '']);
  });
});
