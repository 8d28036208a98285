import { describe, expect, it } from 'vitest';
import { liveEventSchema } from './live-event';

const LEAD = {
  _id: 'lead-1',
  name: 'Asha Rao',
  email: null,
  location: 'Pune',
  qualified: true,
  createdAt: '2026-05-14T09:30:00.000Z',
  source: 'voice bot',
  phone: '+919876543210',
  interestedIn: null,
  budget: '2.5 Cr',
  timeline: null,
  loan_needed: null,
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
};

describe('liveEventSchema', () => {
  it('carries a lead with a lead event', () => {
    expect(liveEventSchema.parse({ type: 'lead.updated', data: LEAD })).toEqual({ type: 'lead.updated', data: LEAD });
  });

  it('tells an agent a lead left their sight by its id alone', () => {
    expect(liveEventSchema.parse({ type: 'lead.removed', data: { id: 'lead-1' } })).toEqual({ type: 'lead.removed', data: { id: 'lead-1' } });
  });

  it('refuses a record of the wrong kind and a type it does not know', () => {
    expect(liveEventSchema.safeParse({ type: 'call.updated', data: LEAD }).success).toBe(false);
    expect(liveEventSchema.safeParse({ type: 'lead.deleted', data: LEAD }).success).toBe(false);
  });
});
