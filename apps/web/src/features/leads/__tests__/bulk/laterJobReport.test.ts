import { describe, expect, it } from 'vitest';
import { aJob } from '../../../../testing/jobFixtures';
import { laterJobReport } from '../../api/bulkJobsApi';

describe('laterJobReport (a live event and a poll crossing)', () => {
  it('takes the report further on', () => {
    expect(laterJobReport(aJob({ processed: 4 }), aJob({ processed: 6 }))).toEqual(aJob({ processed: 6 }));
    expect(laterJobReport(undefined, aJob({ processed: 2 }))).toEqual(aJob({ processed: 2 }));
  });

  it('never moves progress back', () => {
    const known = aJob({ processed: 6 });
    expect(laterJobReport(known, aJob({ processed: 4 }))).toBe(known);
  });

  it('keeps a finished job finished', () => {
    const finished = aJob({ status: 'succeeded', processed: 10, changed: 10 });
    expect(laterJobReport(finished, aJob({ processed: 10 }))).toBe(finished);
    expect(laterJobReport(aJob({ processed: 10 }), finished)).toBe(finished);
  });

  it('takes a failure that stopped before the last known progress', () => {
    const failed = aJob({ status: 'failed', processed: 5, error: 'stopped' });
    expect(laterJobReport(aJob({ processed: 6 }), failed)).toBe(failed);
  });
});
