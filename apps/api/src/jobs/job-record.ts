import { bulkActionSchema, type Job as JobOutput } from '@lead-desk/contracts';
import type { Job } from '../database/models';

/** A refusal a job reports: the lead (or an import's line) and why. */
export type JobError = JobOutput['errors'][number];

/** A job keeps its first refusals only: the counts say how many there were. */
export const MAX_JOB_ERRORS = 100;

export type JobWithCreator = Job & { createdBy: { id: string; name: string } | null };

/** A stored job as GET /api/jobs/:id and the job.updated event show it. */
export function toJobOutput(job: JobWithCreator): JobOutput {
  const action = job.action === null ? null : bulkActionSchema.parse(JSON.parse(job.action));
  return {
    id: job.id,
    kind: job.kind as JobOutput['kind'],
    status: job.status as JobOutput['status'],
    action,
    total: job.total,
    processed: job.processed,
    changed: job.changed,
    created: job.created,
    possibleDuplicates: job.possibleDuplicates,
    skipped: job.skipped,
    // Jobs stored before errors named a column have none.
    errors: (JSON.parse(job.errors) as JobError[]).map((error) => ({ ...error, field: error.field ?? null })),
    error: job.error,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    download: action?.type === 'export' && job.status === 'succeeded' ? `/api/jobs/${job.id}/export.csv` : null,
  };
}
