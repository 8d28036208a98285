import type { SpeedFigures, SpeedToLeadReport } from '@lead-desk/contracts';

const figures = (reached: number, medianSeconds: number | null, p90Seconds: number | null) => ({ reached, medianSeconds, p90Seconds });

export function someSpeedFigures(overrides: Partial<SpeedFigures> = {}): SpeedFigures {
  return {
    leads: 6,
    firstAttempt: figures(4, 165, 492),
    firstConversation: figures(3, 300, 588),
    firstOwnerAction: figures(3, 600, 680),
    attemptedWithin1Minute: 1 / 6,
    attemptedWithin5Minutes: 0.5,
    ...overrides,
  };
}

/** A report of a small team's week: two sources, two agents and an unassigned lead, two leads waiting. */
export function aSpeedToLeadReport(overrides: Partial<SpeedToLeadReport> = {}): SpeedToLeadReport {
  return {
    from: '2026-11-04',
    to: '2026-11-10',
    tz: 'Asia/Kolkata',
    overall: someSpeedFigures(),
    bySource: [
      { source: 'facebook ads', ...someSpeedFigures({ leads: 3, firstAttempt: figures(2, 420, 564), attemptedWithin5Minutes: 1 / 3 }) },
      { source: 'web form', ...someSpeedFigures({ leads: 3, firstAttempt: figures(2, 60, 84), attemptedWithin5Minutes: 2 / 3 }) },
    ],
    byAgent: [
      { agent: { id: 'staff-asha', name: 'Asha Rao' }, ...someSpeedFigures({ leads: 3, firstAttempt: figures(3, 90, 210), attemptedWithin5Minutes: 1 }) },
      { agent: null, ...someSpeedFigures({ leads: 1, firstAttempt: figures(0, null, null), firstConversation: figures(0, null, null), firstOwnerAction: figures(0, null, null), attemptedWithin5Minutes: 0 }) },
    ],
    waiting: {
      total: 2,
      leads: [
        { id: 'lead-5', name: 'Lakshmi Nair', source: 'web form', owner: { id: 'staff-bala', name: 'Bala Menon' }, arrivedAt: '2026-11-10T04:04:00.000Z' },
        { id: 'lead-6', name: 'Imran Sheikh', source: 'facebook ads', owner: null, arrivedAt: '2026-11-10T04:05:00.000Z' },
      ],
    },
    computedAt: '2026-11-10T11:58:00.000Z',
    ...overrides,
  };
}
