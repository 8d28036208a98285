import { BadRequestException, ConflictException } from '@nestjs/common';
import type { LeadWithPipeline } from '../outputs/lead.output';
import { chosenSides, mergedLeadChanges, mergeFieldRows, proposedSide } from './merge-fields';

const NEW = { id: 'stage-new', name: 'New', kind: 'open' };
const LOST = { id: 'stage-lost', name: 'Lost', kind: 'lost' };

function lead(fields: Partial<LeadWithPipeline>): LeadWithPipeline {
  return {
    id: 'lead',
    name: 'Aarav Sharma',
    email: null,
    phone: null,
    location: null,
    qualified: false,
    source: 'web form',
    interestedIn: null,
    budgetAmount: null,
    budgetText: null,
    timeline: null,
    loanNeeded: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    stageId: NEW.id,
    stage: NEW,
    ownerId: null,
    owner: null,
    lostReason: null,
    version: 1,
    archivedAt: null,
    tags: '[]',
    doNotCall: false,
    doNotCallReason: null,
    previouslyErasedAt: null,
    ...fields,
  };
}

const ravi = { id: 'ravi', name: 'Ravi', email: 'ravi@example.in' };

describe('merge fields', () => {
  it('proposes the kept lead’s value, or the merged one’s where the kept lead has none', () => {
    const kept = lead({ email: 'aarav@example.in', budgetText: '45 Lakh' });
    const merged = lead({ name: 'Aarav S.', email: 'a.s@example.in', location: 'Baner', budgetAmount: 9_500_000 });
    const rows = Object.fromEntries(mergeFieldRows(kept, merged).map(({ field, ...row }) => [field, row]));
    expect(rows.email).toEqual({ kept: 'aarav@example.in', merged: 'a.s@example.in', differs: true, proposed: 'kept' });
    expect(rows.location).toEqual({ kept: null, merged: 'Baner', differs: true, proposed: 'merged' });
    expect(rows.budget).toEqual({ kept: '45 Lakh', merged: 9_500_000, differs: true, proposed: 'kept' });
    expect(rows.timeline).toEqual({ kept: null, merged: null, differs: false, proposed: 'kept' });
  });

  it('keeps the stage, lost reason and owner together, from the merged lead only when the kept one is unassigned', () => {
    const unassigned = lead({});
    const owned = lead({ ownerId: ravi.id, owner: ravi, stageId: LOST.id, stage: LOST, lostReason: 'Bought elsewhere' });
    expect([proposedSide(unassigned, owned, 'stage'), proposedSide(unassigned, owned, 'owner')]).toEqual(['merged', 'merged']);
    expect([proposedSide(owned, unassigned, 'stage'), proposedSide(owned, unassigned, 'owner')]).toEqual(['kept', 'kept']);
    expect(chosenSides({ owner: 'kept' }, unassigned, owned)).toMatchObject({ stage: 'kept', owner: 'kept' });
    expect(() => chosenSides({ stage: 'kept', owner: 'merged' }, unassigned, owned)).toThrow(BadRequestException);
    expect(mergedLeadChanges(unassigned, owned, chosenSides({}, unassigned, owned))).toMatchObject({ stageId: LOST.id, lostReason: 'Bought elsewhere', ownerId: ravi.id });
    // The same stage with another lost reason differs.
    expect(mergeFieldRows(owned, { ...owned, lostReason: 'No budget' }).find(({ field }) => field === 'stage')).toMatchObject({ differs: true });
  });

  it('never loses Do Not Call or a tag, and refuses more tags than a lead may carry', () => {
    const kept = lead({ tags: JSON.stringify(['VIP', 'Pune']) });
    const merged = lead({ tags: JSON.stringify(['vip', 'NRI']), doNotCall: true, doNotCallReason: 'Asked on a call', previouslyErasedAt: new Date('2026-10-01T00:00:00Z') });
    const changes = mergedLeadChanges(kept, merged, chosenSides({}, kept, merged));
    expect(changes).toMatchObject({ tags: JSON.stringify(['VIP', 'Pune', 'NRI']), doNotCall: true, doNotCallReason: 'Asked on a call', previouslyErasedAt: merged.previouslyErasedAt });
    const full = lead({ tags: JSON.stringify(Array.from({ length: 15 }, (_, i) => `Kept ${i}`)) });
    const more = lead({ tags: JSON.stringify(Array.from({ length: 6 }, (_, i) => `Merged ${i}`)) });
    expect(() => mergedLeadChanges(full, more, chosenSides({}, full, more))).toThrow(ConflictException);
  });

  it('writes each field from the lead chosen for it, a budget whole', () => {
    const kept = lead({ name: 'Kept', budgetText: '45 Lakh', qualified: true });
    const merged = lead({ name: 'Merged', budgetAmount: 9_500_000 });
    expect(mergedLeadChanges(kept, merged, chosenSides({ name: 'merged', budget: 'merged', qualified: 'merged' }, kept, merged))).toMatchObject({
      name: 'Merged',
      budgetAmount: 9_500_000,
      budgetText: null,
      qualified: false,
    });
  });
});
