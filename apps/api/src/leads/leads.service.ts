import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InvalidFieldsException, type FieldError } from '../common/field-errors';
import type { LiveEventSignal } from '../events/live-event';
import { LiveEventsService } from '../events/live-events.service';
import { toCallOutput, type CallOutput } from '../voice/calls/call.output';
import { readLeadCsv } from './csv/lead-csv-reader';
import { parseLeadInput, type ValidLead } from './inputs/lead-input';
import type { LeadFilter } from './inputs/list-leads.query';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';
import { toLeadChanges, toLeadWrite } from './lead-write';
import { LeadsExportRepository } from './leads-export.repository';
import { leadOutputFromRow, rowTime } from './lead-row';
import { LeadsRepository } from './leads.repository';
import { toLeadOutput, type LeadOutput } from './outputs/lead.output';
import type { DailyLeadCountOutput } from './outputs/daily-lead-count.output';
import type { LeadStatsOutput } from './outputs/lead-stats.output';
import { lastLocalDays, statsWindows } from './stats-windows';

export interface LeadPage {
  leads: LeadOutput[];
  total: number;
  nextCursor: string | null;
}

export interface ImportSummary {
  created: number;
  updated: number;
  skipped: number;
  errors: (FieldError & { line: number })[];
}

const IMPORT_BATCH = 500;

@Injectable()
export class LeadsService {
  private readonly logger = new Logger(LeadsService.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly exports: LeadsExportRepository,
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(filter: LeadFilter, limit: number, cursor?: string): Promise<LeadPage> {
    const after = cursor ? decodeLeadCursor(cursor) : undefined;
    const [page, total] = await Promise.all([this.leads.findPage(filter, limit + 1, after), this.leads.count(filter)]);
    const hasMore = page.length > limit;
    const shown = hasMore ? page.slice(0, limit) : page;
    const last = shown.at(-1);
    return {
      leads: shown.map(leadOutputFromRow),
      total,
      nextCursor: hasMore && last ? encodeLeadCursor({ createdAt: rowTime(last.createdAt), id: last.id }) : null,
    };
  }

  stats(timeZone = this.config.APP_TIME_ZONE, now = new Date()): Promise<LeadStatsOutput> {
    return this.leads.stats(statsWindows(now, timeZone));
  }

  /** Leads per calendar day in `timeZone` over the last `days` days, oldest first, today last. */
  async dailyCounts(days: number, timeZone = this.config.APP_TIME_ZONE, now = new Date()): Promise<DailyLeadCountOutput[]> {
    const localDays = lastLocalDays(now, timeZone, days);
    const counts = await this.leads.countPerDay(localDays);
    return localDays.map((day, index) => ({ date: day.date, ...counts[index] }));
  }

  /** One lead with its calls, newest first. */
  async get(id: string): Promise<LeadOutput & { calls: CallOutput[] }> {
    const lead = await this.leads.findWithCalls(id);
    if (!lead) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No lead with id ${id}.` });
    return { ...toLeadOutput(lead), calls: lead.calls.map(toCallOutput) };
  }

  async create(body: unknown): Promise<LeadOutput> {
    const parsed = parseLeadInput(body, this.config.DEFAULT_PHONE_REGION);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    // In a transaction: on SQLite a lone write joins whatever transaction is open on the
    // shared connection (an import batch, a webhook) and would vanish if that one rolls back.
    const lead = await this.leads.transaction((db) => this.leads.create(toLeadWrite(parsed.value), db));
    this.logger.log({ leadId: lead.id, source: lead.source }, 'Lead created');
    await this.liveEvents.publish({ type: 'lead.created', id: lead.id });
    return toLeadOutput(lead);
  }

  /** The filtered leads as leads.csv, streamed from the database; a database out of reach fails before the answer starts. */
  exportCsv(filter: LeadFilter): Promise<Readable> {
    return this.exports.leadsCsv(filter);
  }

  /**
   * Imports a leads CSV: every valid row creates a lead or updates the same person
   * (by id, email or phone); invalid rows are reported with their line and skipped.
   * Rows are written in batches, each batch in one transaction, so no row is ever
   * half-written.
   */
  async importCsv(file: Buffer | string): Promise<ImportSummary> {
    const summary: ImportSummary = { created: 0, updated: 0, skipped: 0, errors: [] };
    let batch: { line: number; lead: ValidLead; id?: string; createdAt?: Date }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      const outcome = await this.leads.transaction(async (db) => {
        let created = 0;
        let updated = 0;
        const signals: LiveEventSignal[] = [];
        for (const row of rows) {
          const same = await this.leads.findSamePerson({ id: row.id, email: row.lead.email, phone: row.lead.phone }, db);
          if (same) {
            await this.leads.update(same.id, toLeadChanges(row.lead), db);
            signals.push({ type: 'lead.updated', id: same.id });
            updated += 1;
          } else {
            const lead = await this.leads.create({ ...toLeadWrite(row.lead), id: row.id, createdAt: row.createdAt }, db);
            signals.push({ type: 'lead.created', id: lead.id });
            created += 1;
          }
        }
        return { created, updated, signals };
      });
      summary.created += outcome.created;
      summary.updated += outcome.updated;
      for (const signal of outcome.signals) await this.liveEvents.publish(signal);
    };

    for await (const row of readLeadCsv(file)) {
      const parsed = parseLeadInput(row.input, this.config.DEFAULT_PHONE_REGION);
      const errors = [...row.errors, ...(parsed.ok ? [] : parsed.errors)];
      if (errors.length > 0 || !parsed.ok) {
        summary.skipped += 1;
        summary.errors.push(...errors.map((error) => ({ line: row.line, ...error })));
        continue;
      }
      batch.push({ line: row.line, lead: parsed.value, id: row.id, createdAt: row.createdAt });
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    this.logger.log({ ...summary, errors: summary.errors.length }, 'Leads imported');
    return summary;
  }
}
