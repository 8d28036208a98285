import type { BulkRequest, Job, JobCreated } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

/** POST /api/leads/bulk (202): the job that will apply the action to the selection in the background. */
export function startBulkJob(request: BulkRequest): Promise<JobCreated> {
  return apiJson('/api/leads/bulk', { method: 'POST', body: request });
}

export function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return apiJson(`/api/jobs/${encodeURIComponent(id)}`, { signal });
}

const FINISHED = new Set<Job['status']>(['succeeded', 'failed']);

export function isJobFinished(job: Job | undefined): boolean {
  return job !== undefined && FINISHED.has(job.status);
}

/**
 * Of two reports of one job (a live event and a poll may cross), the one further on: a
 * finished job stays finished and progress never goes back.
 */
export function laterJobReport(known: Job | undefined, incoming: Job): Job {
  if (!known || known.id !== incoming.id) return incoming;
  if (isJobFinished(known) && !isJobFinished(incoming)) return known;
  if (!isJobFinished(incoming) && incoming.processed < known.processed) return known;
  return incoming;
}
