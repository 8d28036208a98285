import { MAX_TAGS_PER_LEAD } from '@lead-desk/contracts';
import type { Lead } from '../../database/models';
import { freshLead } from '../fresh-lead';
import { parseLeadInput, type ValidLead } from '../inputs/lead-input';
import { toLeadWrite } from '../lead-write';
import { consentAction } from './import-contact-rules';
import type { ImportRow } from './import-row';
import { matchedRowWrite } from './matched-row-write';

/** Lead input as a file's row gives it, checked as the import checks it. */
function valid(input: Record<string, unknown>): ValidLead {
  const parsed = parseLeadInput(input, 'IN');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const stored: Lead = {
  ...toLeadWrite(valid({ name: 'Aarav Sharma', email: 'aarav@example.in', phone: '+919876543210', location: 'Pune' })),
  ...freshLead('stage-contacted'),
  ownerId: 'ravi',
  tags: '["VIP"]',
  id: 'lead-1',
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
};

const row = ({ lead = { name: 'Aarav Sharma' }, ...overrides }: Partial<Omit<ImportRow, 'lead'>> & { lead?: Record<string, unknown> }): ImportRow => ({ line: 2, lead: valid(lead), ...overrides });
const negotiation = { id: 'stage-negotiation', name: 'Negotiation', kind: 'open', archived: false };
const lost = { id: 'stage-lost', name: 'Lost', kind: 'lost', archived: false };

describe('matchedRowWrite', () => {
  const given = row({ lead: { name: 'Arav Sharma', email: 'aarav.work@example.in', location: 'Mumbai', budget: '45 Lakh' }, stage: negotiation, owner: { id: 'meera', name: 'Meera', email: 'meera@example.in' }, tags: ['Hot'] });

  it('fills what the lead lacks and keeps every value that differs', () => {
    expect(matchedRowWrite(stored, given, 'fill')).toEqual({
      columns: { budgetAmount: null, budgetText: '45 Lakh' },
      pipeline: { tags: '["VIP","Hot"]' },
      kept: { columns: { name: 'Arav Sharma', email: 'aarav.work@example.in', location: 'Mumbai' }, pipeline: { stageId: 'stage-negotiation', lostReason: null, ownerId: 'meera' } },
    });
  });

  it('writes every value the row gives with overwrite, its Tags column exactly', () => {
    expect(matchedRowWrite(stored, given, 'overwrite')).toEqual({
      columns: { name: 'Arav Sharma', email: 'aarav.work@example.in', location: 'Mumbai', budgetAmount: null, budgetText: '45 Lakh' },
      pipeline: { stageId: 'stage-negotiation', lostReason: null, ownerId: 'meera', tags: '["Hot"]' },
      kept: { columns: {}, pipeline: {} },
    });
  });

  it('changes nothing for values equal to the lead’s, and gives an owner to a lead without one', () => {
    expect(matchedRowWrite({ ...stored, ownerId: null }, row({ lead: { name: 'Aarav Sharma', email: 'aarav@example.in' }, owner: { id: 'meera', name: 'Meera', email: 'meera@example.in' }, tags: ['vip'] }), 'fill')).toEqual({
      columns: {},
      pipeline: { ownerId: 'meera' },
      kept: { columns: {}, pipeline: { tags: '["vip"]' } },
    });
  });

  it('keeps a lost lead’s reason unless overwriting, and fills one it lacks', () => {
    const lostLead = { ...stored, stageId: 'stage-lost', lostReason: 'Budget' };
    const saying = row({ stage: lost, lostReason: 'Bought elsewhere' });
    expect(matchedRowWrite(lostLead, saying, 'fill').kept.pipeline).toEqual({ lostReason: 'Bought elsewhere' });
    expect(matchedRowWrite(lostLead, saying, 'overwrite').pipeline).toEqual({ lostReason: 'Bought elsewhere' });
    expect(matchedRowWrite({ ...lostLead, lostReason: null }, saying, 'fill').pipeline).toEqual({ lostReason: 'Bought elsewhere' });
  });

  it('adds tags only where the lead has room', () => {
    const full = Array.from({ length: MAX_TAGS_PER_LEAD }, (_, index) => `Tag ${index}`);
    expect(matchedRowWrite({ ...stored, tags: JSON.stringify(full) }, row({ tags: ['Hot'] }), 'fill')).toMatchObject({ pipeline: {}, kept: { pipeline: { tags: '["Hot"]' } } });
  });
});

describe('consentAction', () => {
  it('records a consent for a lead that never gave one, and again after a withdrawal only when overwriting', () => {
    expect(consentAction('none', true, 'fill')).toBe('record');
    expect(consentAction('withdrawn', true, 'fill')).toBe('kept');
    expect(consentAction('withdrawn', true, 'overwrite')).toBe('record');
    expect(consentAction('standing', true, 'overwrite')).toBeUndefined();
  });

  it('withdraws a standing consent whatever onMatch says, and nothing else', () => {
    expect(consentAction('standing', false, 'fill')).toBe('withdraw');
    expect(consentAction('withdrawn', false, 'overwrite')).toBeUndefined();
    expect(consentAction('none', false, 'fill')).toBeUndefined();
    expect(consentAction('standing', undefined, 'overwrite')).toBeUndefined();
  });
});
