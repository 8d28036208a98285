import type { Lead } from '@lead-desk/contracts';

/** A lead as the API sends it, with the fields a test cares about overridden. */
export function aLead(overrides: Partial<Lead> = {}): Lead {
  return {
    _id: 'lead-1',
    name: 'Aarav Sharma',
    email: 'aarav@example.in',
    location: 'Mumbai',
    qualified: true,
    createdAt: '2026-05-14T09:30:00.000Z',
    source: 'voice bot',
    phone: '+919876543210',
    interestedIn: '3 BHK Apartment',
    budget: 4500000,
    timeline: '3 months',
    loan_needed: true,
    updatedAt: '2026-05-14T09:30:00.000Z',
    stage: { id: 'stage-new', name: 'New', kind: 'open' },
    owner: null,
    lostReason: null,
    version: 1,
    archived: false,
    tags: [],
    doNotCall: false,
    doNotCallReason: null,
    previouslyErased: false,
    ...overrides,
  };
}
