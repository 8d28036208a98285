import { bulkLeadChange, type BulkTarget } from './bulk-lead-change';

const lead: BulkTarget = {
  id: 'lead-1',
  stage: { id: 'stage-new', name: 'New' },
  owner: { id: 'ravi', name: 'Ravi' },
  lostReason: null,
  archived: false,
  tags: ['VIP', 'Pune'],
};

describe('bulkLeadChange', () => {
  it('skips a lead already in the wanted state, with no entry', () => {
    expect(bulkLeadChange({ type: 'assign', owner: { id: 'ravi', name: 'Ravi' } }, lead, 'asha')).toEqual({ kind: 'skipped' });
    expect(bulkLeadChange({ type: 'stage', stage: { id: 'stage-new', name: 'New', kind: 'open' }, lostReason: null }, lead, 'asha')).toEqual({ kind: 'skipped' });
    expect(bulkLeadChange({ type: 'addTags', tags: ['vip'] }, lead, 'asha')).toEqual({ kind: 'skipped' });
    expect(bulkLeadChange({ type: 'removeTags', tags: ['Mumbai'] }, lead, 'asha')).toEqual({ kind: 'skipped' });
    expect(bulkLeadChange({ type: 'unarchive' }, lead, 'asha')).toEqual({ kind: 'skipped' });
  });

  it('writes the entry the single edit writes, by the job’s creator', () => {
    expect(bulkLeadChange({ type: 'assign', owner: null }, lead, 'asha')).toEqual({
      kind: 'changed',
      entry: { leadId: 'lead-1', type: 'assigned', data: { from: { id: 'ravi', name: 'Ravi' }, to: null, by: 'staff' }, actorId: 'asha' },
    });
    expect(bulkLeadChange({ type: 'stage', stage: { id: 'stage-lost', name: 'Lost', kind: 'lost' }, lostReason: 'Budget' }, lead, null)).toMatchObject({
      entry: { type: 'stage_changed', data: { from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-lost', name: 'Lost' }, lostReason: 'Budget' } },
    });
    expect(bulkLeadChange({ type: 'archive' }, lead, null)).toMatchObject({ entry: { type: 'archived', data: {} } });
  });

  it('adds only the tags a lead lacks and removes without case, keeping the rest as written', () => {
    expect(bulkLeadChange({ type: 'addTags', tags: ['vip', 'Investor'] }, lead, null)).toMatchObject({
      tags: { after: ['VIP', 'Pune', 'Investor'], added: ['Investor'], removed: [] },
      entry: { data: { added: ['Investor'], removed: [] } },
    });
    expect(bulkLeadChange({ type: 'removeTags', tags: ['PUNE'] }, lead, null)).toMatchObject({
      tags: { after: ['VIP'], added: [], removed: ['Pune'] },
      entry: { data: { added: [], removed: ['Pune'] } },
    });
  });

  it('refuses a tag a lead has no room for', () => {
    const full = { ...lead, tags: Array.from({ length: 20 }, (_, i) => `T${i}`) };
    expect(bulkLeadChange({ type: 'addTags', tags: ['One More'] }, full, null)).toEqual({ kind: 'refused', message: 'would carry more than 20 tags' });
  });
});
