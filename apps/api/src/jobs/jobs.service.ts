import { Injectable, NotFoundException } from '@nestjs/common';
import type { Job } from '@lead-desk/contracts';
import type { Readable } from 'node:stream';
import type { StaffPrincipal } from '../auth/staff-session';
import { LeadsExportRepository } from '../leads/leads-export.repository';
import { AccessLog } from '../privacy/access-log/access-log.service';
import { toJobOutput } from './job-record';
import { JobsRepository } from './jobs.repository';

/** Reading jobs: a job is its creator's and the admins' (anyone's in open mode); to anyone else it does not exist. */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly exports: LeadsExportRepository,
    private readonly accessLog: AccessLog,
  ) {}

  async get(id: string, staff: StaffPrincipal | undefined): Promise<Job> {
    const job = await this.jobs.find(id);
    if (!job || !mayRead(staff, job.createdById)) throw notFound(id);
    return toJobOutput(job);
  }

  /** A bulk export's CSV, once its job has succeeded; the access log gets the job and its row count. */
  async exportCsv(id: string, staff: StaffPrincipal | undefined): Promise<Readable> {
    const job = await this.get(id, staff);
    if (job.download === null) throw new NotFoundException(`Job ${id} has no CSV to download.`);
    const csv = await this.exports.jobSelectionCsv(id);
    await this.accessLog.record({ actorId: staff?.id ?? null, action: 'leads_exported', targetIds: [id], details: { jobId: id, rows: job.total } });
    return csv;
  }
}

function mayRead(staff: StaffPrincipal | undefined, createdById: string | null): boolean {
  return staff === undefined || staff.role === 'admin' || staff.id === createdById;
}

function notFound(id: string): NotFoundException {
  return new NotFoundException(`No job with id ${id}.`);
}
