import type { Job } from '@lead-desk/contracts';
import { setTimeout as sleep } from 'node:timers/promises';

/** Anything that answers GET /api/jobs/:id as JSON: a supertest app, a signed-in agent, a process over fetch. */
export type ReadJob = (id: string) => Promise<Job>;

/** Polls the job until it has ended (succeeded or failed), as the page would without live events. */
export async function jobEnded(readJob: ReadJob, id: string, timeoutMs = 30_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(id);
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`Job ${id} did not end within ${timeoutMs} ms: ${JSON.stringify(job)}`);
    await sleep(100);
  }
}
