import type { Job } from '@lead-desk/contracts';

/** A bulk job as GET /api/jobs/:id and job.updated send it (running, nothing done yet), with the fields a test cares about overridden. */
export function aJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    kind: 'bulk',
    status: 'running',
    action: { type: 'archive' },
    total: 10,
    processed: 0,
    changed: 0,
    created: 0,
    possibleDuplicates: 0,
    skipped: 0,
    errors: [],
    error: null,
    createdBy: null,
    createdAt: '2026-05-20T10:00:00.000Z',
    finishedAt: null,
    download: null,
    ...overrides,
  };
}
