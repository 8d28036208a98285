import type { Job } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import type { LiveEventSignal } from '../events/live-event';
import type { JobError } from './job-record';

/** What a committed batch moves a job by: its new cursor, the counters' increments, its first errors, whether it was the last. */
export interface JobBatch {
  cursor: string;
  processed: number;
  changed: number;
  /** Of `changed`, the leads an import created (not flagged as possible duplicates). */
  created?: number;
  /** Of `changed`, the leads an import created flagged as possible duplicates. */
  possibleDuplicates?: number;
  skipped: number;
  errors: JobError[];
  finished: boolean;
}

/** The next step of a job: a batch applied (with the live events to send once it commits), nothing left, or a reason it cannot go on. */
export type JobStep = { batch: JobBatch; signals: LiveEventSignal[] } | { done: true } | { stopped: string };

/**
 * How one kind of job applies its next batch, inside the runner's transaction (the job is
 * locked there): from the job's cursor, never a batch the cursor is already past.
 */
export interface JobHandler {
  nextBatch(job: Job, db: TransactionClient): Promise<JobStep>;
}
