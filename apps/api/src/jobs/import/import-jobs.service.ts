import { Injectable } from '@nestjs/common';
import type { ImportOptions, JobCreated } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../../common/field-errors';
import { Database } from '../../database/database';
import { LeadImportService } from '../../leads/import/lead-import.service';
import { JobRunner } from '../job-runner';
import { JobsRepository } from '../jobs.repository';
import { storeImportOptions } from './stored-import-options';

/**
 * POST /api/leads/import/jobs: the file is checked as the synchronous import checks it (a
 * 400, nothing stored, for a file or mapping it refuses), its records counted (the job's
 * total), then stored with the job and scheduled in the transaction that makes the job.
 */
@Injectable()
export class ImportJobsService {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobsRepository,
    private readonly imports: LeadImportService,
    private readonly runner: JobRunner,
  ) {}

  async create(file: Buffer, options: ImportOptions, actorId: string | null, fileName = 'leads.csv'): Promise<JobCreated> {
    if (options.dryRun) throw new InvalidFieldsException([{ field: 'dryRun', message: 'is answered at once by POST /api/leads/import?dryRun=true, not by a job' }]);
    const opened = await this.imports.openFile(file, options);
    let total = 0;
    for await (const _record of opened.table.records) total += 1;
    return this.database.transaction(async (db) => {
      const job = await this.jobs.create({ kind: 'import', action: null, createdById: actorId, status: 'queued', total }, db);
      await this.jobs.addFile(job.id, { name: fileName, bytes: file, options: storeImportOptions(options) }, db);
      await this.runner.schedule(job.id, db);
      return { id: job.id, total };
    });
  }
}
