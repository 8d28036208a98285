import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ImportOptions } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Job } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { ImportRow } from '../../leads/import/import-row';
import type { TableRecord } from '../../leads/import/import-table';
import { IMPORT_BATCH, LeadImportService, type OpenedFile } from '../../leads/import/lead-import.service';
import type { JobHandler, JobStep } from '../job-handler';
import type { JobError } from '../job-record';
import { JobsRepository } from '../jobs.repository';
import { readStoredImportOptions } from './stored-import-options';

/** An import this process is reading: where its records iterator stands (the line of the last record it handed out). */
interface OpenImport {
  position: number;
  opened: OpenedFile;
  records: AsyncGenerator<TableRecord>;
  options: ImportOptions;
  fileName: string;
}

/** Files held open between steps: a process runs one job at a time, another may have been taken over from it. */
const OPEN_IMPORTS = 2;

/**
 * An import job's batch: the next JOB_BATCH_SIZE (at most IMPORT_BATCH) valid rows of the stored file after the
 * cursor (the line of the last record a committed batch read), written by
 * LeadImportService.writeBatch in the runner's transaction, which also moves the cursor:
 * a batch is committed with its cursor or not at all. The file is parsed once per
 * process, its records iterator kept between steps; it is trusted only where it stands at
 * the job's committed cursor, otherwise (a rolled-back step, a job taken over from a
 * process that died) the file is read again from the database and the done lines skipped.
 */
@Injectable()
export class ImportJobHandler implements JobHandler {
  private readonly logger = new Logger(ImportJobHandler.name);
  private readonly open = new Map<string, OpenImport>();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly imports: LeadImportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async nextBatch(job: Job, db: TransactionClient): Promise<JobStep> {
    const cursor = job.cursor === null ? 0 : Number(job.cursor);
    let reading = this.open.get(job.id);
    if (!reading || reading.position !== cursor) {
      const reopened = await this.reopen(job, cursor, db);
      if ('stopped' in reopened) return reopened;
      reading = reopened;
    }
    const rows: ImportRow[] = [];
    const errors: JobError[] = [];
    let processed = 0;
    let skipped = 0;
    let finished = false;
    // JOB_BATCH_SIZE rows, at most the synchronous import's batch: a row writes more than a bulk change does.
    const batchSize = Math.min(this.config.JOB_BATCH_SIZE, IMPORT_BATCH);
    while (rows.length < batchSize) {
      const next = await reading.records.next();
      if (next.done) {
        finished = true;
        break;
      }
      processed += 1;
      reading.position = next.value.line;
      const read = this.imports.readRecord(next.value, reading.opened);
      if (read.ok) {
        rows.push(read.value);
      } else {
        skipped += 1;
        errors.push(...read.errors.map(({ field, message }) => ({ id: null, line: next.value.line, field, message })));
      }
    }
    if (finished) this.open.delete(job.id);
    if (processed === 0) return { done: true };
    const written = rows.length > 0 ? await this.imports.writeBatch(rows, reading.options, job.createdById, reading.fileName, db) : { created: 0, updated: 0, possibleDuplicates: 0, signals: [] };
    return {
      batch: {
        cursor: String(reading.position),
        processed,
        changed: written.created + written.updated + written.possibleDuplicates,
        created: written.created,
        possibleDuplicates: written.possibleDuplicates,
        skipped,
        errors,
        finished,
      },
      signals: written.signals,
    };
  }

  /** The job's file read from the database and opened as the import opens it, past the lines already committed. */
  private async reopen(job: Job, cursor: number, db: TransactionClient): Promise<OpenImport | { stopped: string }> {
    this.open.delete(job.id);
    const file = await this.jobs.findFile(job.id, db);
    if (!file) return { stopped: 'The imported file is no longer stored.' };
    const options = readStoredImportOptions(file.options);
    let opened: OpenedFile;
    try {
      opened = await this.imports.openFile(Buffer.from(file.bytes), options);
    } catch (error) {
      // Checked when the job was made: only a change since (a stage renamed is not one) makes it unreadable.
      this.logger.error({ err: error, jobId: job.id }, 'An import job could not open its file');
      return { stopped: `The imported file could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
    const reading: OpenImport = { position: cursor, opened, records: opened.table.records, options, fileName: file.name };
    if (cursor > 0) {
      // Lines a committed batch read: skipped, never applied again. The record at the cursor is the last of them.
      for (let next = await reading.records.next(); !next.done; next = await reading.records.next()) {
        if (next.value.line >= cursor) break;
      }
    }
    if (this.open.size >= OPEN_IMPORTS) this.open.delete(this.open.keys().next().value!);
    this.open.set(job.id, reading);
    if (cursor > 0) this.logger.log({ jobId: job.id, cursor }, 'An import job resumed from its cursor');
    return reading;
  }
}
