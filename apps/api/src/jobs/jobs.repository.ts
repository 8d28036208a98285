import { Injectable } from '@nestjs/common';
import type { BulkAction, JobKind, JobStatus } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { Job } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { empty, join, sql, type Sql } from '../database/sql';
import type { JobBatch } from './job-handler';
import { MAX_JOB_ERRORS, type JobError, type JobWithCreator } from './job-record';

/** Ids per INSERT of a selection given by ids: well under either database's parameter limit. */
const ITEMS_PER_INSERT = 1_000;

const WITH_CREATOR = { createdBy: { select: { id: true, name: true } } } as const;

/** The only place that queries jobs and job_items. */
@Injectable()
export class JobsRepository {
  constructor(private readonly database: Database) {}

  create(job: { kind: JobKind; action: BulkAction | null; createdById: string | null; status: JobStatus; total?: number }, db: TransactionClient): Promise<Job> {
    const finishedAt = job.status === 'succeeded' ? new Date() : null;
    const action = job.action === null ? null : JSON.stringify(job.action);
    return db.job.create({ data: { kind: job.kind, action, createdById: job.createdById, status: job.status, total: job.total ?? 0, finishedAt } });
  }

  /** Stores the file an import job reads, with its options: any process may run the job. */
  async addFile(jobId: string, file: { name: string; bytes: Buffer; options: string }, db: TransactionClient): Promise<void> {
    await db.jobFile.create({ data: { jobId, name: file.name, bytes: new Uint8Array(file.bytes), options: file.options } });
  }

  findFile(jobId: string, db: TransactionClient): Promise<{ name: string; bytes: Uint8Array; options: string } | null> {
    return db.jobFile.findUnique({ where: { jobId }, select: { name: true, bytes: true, options: true } });
  }

  /** An ended job's file is no longer needed (a bulk job has none). */
  async deleteFile(jobId: string, db: Pick<TransactionClient, 'jobFile'>): Promise<void> {
    await db.jobFile.deleteMany({ where: { jobId } });
  }

  /** Fixes the job's selection: these leads. */
  async addItems(jobId: string, leadIds: string[], db: TransactionClient): Promise<void> {
    for (let start = 0; start < leadIds.length; start += ITEMS_PER_INSERT) {
      const rows = leadIds.slice(start, start + ITEMS_PER_INSERT).map((leadId) => sql`(${jobId}, ${leadId})`);
      await db.$executeRaw`INSERT INTO job_items (job_id, lead_id) VALUES ${join(rows)}`;
    }
  }

  /** Fixes the job's selection: every lead the conditions select now (the list's own filter), in one statement; how many. */
  addMatchingItems(jobId: string, conditions: Sql[], db: TransactionClient): Promise<number> {
    const where = conditions.length ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
    return db.$executeRaw`INSERT INTO job_items (job_id, lead_id) SELECT ${jobId}, id FROM leads ${where}`;
  }

  /** The selection's size, and for a job done at once (an export), its counters. */
  async setTotal(jobId: string, total: number, done: boolean, db: TransactionClient): Promise<void> {
    await db.job.update({ where: { id: jobId }, data: done ? { total, processed: total, skipped: total } : { total } });
  }

  find(id: string): Promise<JobWithCreator | null> {
    return this.database.client.job.findUnique({ where: { id }, include: WITH_CREATOR });
  }

  /** Who made the job (null in open mode), or undefined for no such job. */
  async creatorOf(id: string): Promise<string | null | undefined> {
    const job = await this.database.client.job.findUnique({ where: { id }, select: { createdById: true } });
    return job === null ? undefined : job.createdById;
  }

  /** Holds the job until the transaction ends: two processes never apply its batches side by side. */
  lock(jobId: string, db: TransactionClient): Promise<void> {
    return this.database.lock([`job:${jobId}`], db);
  }

  findForBatch(jobId: string, db: TransactionClient): Promise<Job | null> {
    return db.job.findUnique({ where: { id: jobId } });
  }

  /** The next lead ids of the selection after `cursor`, in id order, from job_items' primary key. */
  async nextItems(jobId: string, cursor: string | null, limit: number, db: TransactionClient): Promise<string[]> {
    const after = cursor === null ? sql`` : sql`AND lead_id > ${cursor}`;
    const rows = await db.$queryRaw<{ leadId: string }[]>`
      SELECT lead_id AS "leadId" FROM job_items WHERE job_id = ${jobId} ${after} ORDER BY lead_id LIMIT ${limit}`;
    return rows.map((row) => row.leadId);
  }

  /** Moves the job past a batch, in the batch's transaction: its cursor, counters and first errors together. */
  async recordBatch(
    job: Job,
    batch: JobBatch,
    db: TransactionClient,
  ): Promise<void> {
    const errors = [...(JSON.parse(job.errors) as JobError[]), ...batch.errors].slice(0, MAX_JOB_ERRORS);
    await db.job.update({
      where: { id: job.id },
      data: {
        cursor: batch.cursor,
        processed: { increment: batch.processed },
        changed: { increment: batch.changed },
        created: { increment: batch.created ?? 0 },
        possibleDuplicates: { increment: batch.possibleDuplicates ?? 0 },
        skipped: { increment: batch.skipped },
        errors: JSON.stringify(errors),
        status: batch.finished ? 'succeeded' : 'running',
        finishedAt: batch.finished ? new Date() : null,
      },
    });
  }

  async finish(jobId: string, outcome: { status: 'succeeded' } | { status: 'failed'; error: string }, db: Pick<TransactionClient, 'job'> = this.database.client): Promise<void> {
    await db.job.updateMany({
      where: { id: jobId, status: { in: ['queued', 'running'] } },
      data: { status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, finishedAt: new Date() },
    });
  }
}
