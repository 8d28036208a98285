import fc from 'fast-check';
import type { Lead } from '../database/models';
import { leadOutputFromRow, type LeadRow } from './lead-row';
import { toLeadOutput } from './outputs/lead.output';

const row: LeadRow = {
  id: '0195f3a2-7b1c-7d00-8a00-000000000001',
  name: 'Asha Sharma',
  email: 'asha@example.in',
  phone: '+919812345678',
  location: 'Pune',
  qualified: true,
  source: 'voice bot',
  interestedIn: '2BHK in Baner',
  budgetAmount: null,
  budgetText: '80 lakh',
  timeline: '3 months',
  loanNeeded: null,
  createdAt: '2026-11-23T09:10:46.304Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  stageId: 'stage-new',
  ownerId: null,
  lostReason: null,
  version: 1,
  archivedAt: null,
  tags: '["VIP","Site visit"]',
  doNotCall: false,
  doNotCallReason: null,
  previouslyErasedAt: null,
  stageName: 'New',
  stageKind: 'open',
  ownerName: null,
  ownerEmail: null,
};

describe('leadOutputFromRow', () => {
  it('names the columns as the API does and passes values through', () => {
    expect(leadOutputFromRow(row)).toStrictEqual({
      _id: '0195f3a2-7b1c-7d00-8a00-000000000001',
      name: 'Asha Sharma',
      email: 'asha@example.in',
      location: 'Pune',
      qualified: true,
      createdAt: '2026-11-23T09:10:46.304Z',
      source: 'voice bot',
      phone: '+919812345678',
      interestedIn: '2BHK in Baner',
      budget: '80 lakh',
      timeline: '3 months',
      loan_needed: null,
      updatedAt: '2026-11-24T00:00:00.000Z',
      stage: { id: 'stage-new', name: 'New', kind: 'open' },
      owner: null,
      lostReason: null,
      version: 1,
      archived: false,
      tags: ['VIP', 'Site visit'],
      doNotCall: false,
      doNotCallReason: null,
      previouslyErased: false,
    });
  });

  it('gives a numeric budget before a text one, and false as false', () => {
    const output = leadOutputFromRow({ ...row, budgetAmount: 0, budgetText: null, qualified: false, loanNeeded: false });
    expect(output.budget).toBe(0);
    expect(output.qualified).toBe(false);
    expect(output.loan_needed).toBe(false);
  });

  it('gives what toLeadOutput gives for the lead the row holds', () => {
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
      stageId: fc.constantFrom('stage-new', 'stage-lost'),
      ownerId: fc.option(fc.constant('staff-1')),
      lostReason: text,
      version: fc.integer({ min: 1, max: 1000 }),
      archivedAt: fc.option(time),
      tags: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }).map((tags) => JSON.stringify(tags)),
      doNotCall: fc.boolean(),
      doNotCallReason: text,
      previouslyErasedAt: fc.option(time),
    });
    const stage = { id: 'stage-x', name: 'Somewhere', kind: 'open' };
    const owner = { id: 'staff-1', name: 'Asha', email: 'asha@example.in' };
    fc.assert(
      fc.property(lead, (lead) => {
        const read: LeadRow = {
          ...lead,
          createdAt: lead.createdAt.toISOString(),
          updatedAt: lead.updatedAt.toISOString(),
          archivedAt: lead.archivedAt?.toISOString() ?? null,
          previouslyErasedAt: lead.previouslyErasedAt?.toISOString() ?? null,
          stageName: stage.name,
          stageKind: stage.kind,
          ownerName: lead.ownerId ? owner.name : null,
          ownerEmail: lead.ownerId ? owner.email : null,
        };
        const withPipeline = { ...lead, stage: { ...stage, id: lead.stageId }, owner: lead.ownerId ? owner : null };
        expect(leadOutputFromRow(read)).toEqual(toLeadOutput(withPipeline));
      }),
      { numRuns: 500 },
    );
  });
});
