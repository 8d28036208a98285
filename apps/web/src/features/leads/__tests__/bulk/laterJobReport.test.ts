import type { Job } from '@lead-desk/contracts';
import { describe, expect, it } from 'vitest';
import { laterJobReport } from '../../api/bulkJobsApi';

const report = (overrides: Partial<Job>): Job => ({
  id: 'job-1',
  kind: 'bulk',
  status: 'running',
  action: { type: 'archive' },
  total: 10,
  processed: 0,
  changed: 0,
  skipped: 0,
  errors: [],
  error: null,
  createdBy: null,
  createdAt: '2026-05-20T10:00:00.000Z',
  finishedAt: null,
  download: null,
  ...overrides,
});

describe('laterJobReport (a live event and a poll crossing)', () => {
  it('takes the report further on', () => {
    expect(laterJobReport(report({ processed: 4 }), report({ processed: 6 }))).toEqual(report({ processed: 6 }));
    expect(laterJobReport(undefined, report({ processed: 2 }))).toEqual(report({ processed: 2 }));
  });

  it('never moves progress back', () => {
    const known = report({ processed: 6 });
    expect(laterJobReport(known, report({ processed: 4 }))).toBe(known);
  });

  it('keeps a finished job finished', () => {
    const finished = report({ status: 'succeeded', processed: 10, changed: 10 });
    expect(laterJobReport(finished, report({ processed: 10 }))).toBe(finished);
    expect(laterJobReport(report({ processed: 10 }), finished)).toBe(finished);
  });

  it('takes a failure that stopped before the last known progress', () => {
    const failed = report({ status: 'failed', processed: 5, error: 'stopped' });
    expect(laterJobReport(report({ processed: 6 }), failed)).toBe(failed);
  });
});
