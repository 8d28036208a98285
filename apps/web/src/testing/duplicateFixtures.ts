import type { DuplicateLead, DuplicatePair, MergePreview } from '@lead-desk/contracts';
import { aLead } from './leadFixtures';

/** A lead of a pair as GET /api/leads/duplicates sends it. */
export function aDuplicateLead(overrides: Partial<DuplicateLead> = {}): DuplicateLead {
  return {
    _id: 'lead-1',
    name: 'Aarav Sharma',
    email: 'aarav@example.in',
    phone: '+919876543210',
    location: 'Mumbai',
    source: 'voice bot',
    createdAt: '2026-05-14T09:30:00.000Z',
    archived: false,
    ...overrides,
  };
}

/** Rahul Verma (added later, flagged) over Aarav Sharma's number. */
export function aPair(overrides: Partial<DuplicatePair> = {}): DuplicatePair {
  return {
    id: 'pair-1',
    reason: 'same_phone',
    detectedAt: '2026-05-20T11:00:00.000Z',
    lead: aDuplicateLead({ _id: 'lead-2', name: 'Rahul Verma', email: 'rahul@example.in', location: 'Pune', source: 'web form', createdAt: '2026-05-20T11:00:00.000Z' }),
    other: aDuplicateLead(),
    ...overrides,
  };
}

/** The preview of merging Rahul Verma (lead-2, version 2) into Aarav Sharma (lead-1, version 5). */
export function aMergePreview(overrides: Partial<MergePreview> = {}): MergePreview {
  const kept = aLead({ _id: 'lead-1', name: 'Aarav Sharma', version: 5 });
  const merged = aLead({ _id: 'lead-2', name: 'Rahul Verma', email: 'rahul@example.in', location: 'Pune', source: 'web form', budget: null, version: 2 });
  return {
    kept,
    merged,
    fields: [
      { field: 'name', kept: 'Aarav Sharma', merged: 'Rahul Verma', differs: true, proposed: 'kept' },
      { field: 'email', kept: 'aarav@example.in', merged: 'rahul@example.in', differs: true, proposed: 'kept' },
      { field: 'phone', kept: '+919876543210', merged: '+919876543210', differs: false, proposed: 'kept' },
      { field: 'location', kept: null, merged: 'Pune', differs: true, proposed: 'merged' },
      { field: 'qualified', kept: true, merged: true, differs: false, proposed: 'kept' },
      { field: 'source', kept: 'voice bot', merged: 'web form', differs: true, proposed: 'kept' },
      { field: 'interestedIn', kept: '3 BHK Apartment', merged: '3 BHK Apartment', differs: false, proposed: 'kept' },
      { field: 'budget', kept: 4500000, merged: null, differs: true, proposed: 'kept' },
      { field: 'timeline', kept: '3 months', merged: '3 months', differs: false, proposed: 'kept' },
      { field: 'loan_needed', kept: true, merged: true, differs: false, proposed: 'kept' },
      { field: 'stage', kept: 'New', merged: 'Contacted', differs: true, proposed: 'kept' },
      { field: 'owner', kept: null, merged: 'Riya Das', differs: true, proposed: 'merged' },
    ],
    moves: { calls: 2, notes: 1, consents: 1, activities: 4, tasks: 1, tags: ['Hot'], doNotCall: true },
    ...overrides,
  };
}
