import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { BoardColumn, DailyLeadCount, ImportSummary, Lead, LeadStats, LeadWithCalls } from '@lead-desk/contracts';
import type { ResolvedLeadFilter } from './lead-list-filter';
import type { Readable } from 'node:stream';
import { activity, type NewActivity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import { InvalidFieldsException } from '../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { LiveEventSignal } from '../events/live-event';
import { LiveEventsService } from '../events/live-events.service';
import { toCallOutput } from '../voice/calls/call.output';
import { StagesRepository } from '../stages/stages.repository';
import { freshLead } from './fresh-lead';
import { readLeadCsv } from './csv/lead-csv-reader';
import { parseLeadInput, type ValidLead } from './inputs/lead-input';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';
import { leadColumnsOf, leadFieldChanges } from './lead-field-changes';
import { identityKeys, LeadIdentities } from './lead-identity';
import { toLeadChanges, toLeadWrite } from './lead-write';
import { LeadsExportRepository } from './leads-export.repository';
import { leadOutputFromRow } from './lead-row';
import { LeadsRepository } from './leads.repository';
import { LeadRouter } from './routing/lead-router';
import { routingActivity } from './routing/routing-activity';
import { canSeeLead, type LeadAccess } from './access/lead-access';
import { AccessLog } from '../privacy/access-log/access-log.service';
import { exportFilterDetails } from '../privacy/access-log/export-filter-details';
import { ErasedPeople } from '../privacy/erased-people';
import { toLeadOutput } from './outputs/lead.output';
import { lastLocalDays, statsWindows } from './stats-windows';

export interface LeadPage {
  leads: Lead[];
  total: number;
  nextCursor: string | null;
}

const IMPORT_BATCH = 500;

@Injectable()
export class LeadsService {
  private readonly logger = new Logger(LeadsService.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly exports: LeadsExportRepository,
    private readonly router: LeadRouter,
    private readonly liveEvents: LiveEventsService,
    private readonly activities: LeadActivityRepository,
    private readonly stages: StagesRepository,
    private readonly accessLog: AccessLog,
    private readonly erasedPeople: ErasedPeople,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(filter: ResolvedLeadFilter, access: LeadAccess, limit: number, cursor?: string): Promise<LeadPage> {
    const after = cursor ? decodeLeadCursor(cursor) : undefined;
    const [page, total] = await Promise.all([this.leads.findPage(filter, access, limit + 1, after), this.leads.count(filter, access)]);
    const hasMore = page.length > limit;
    const shown = hasMore ? page.slice(0, limit) : page;
    const last = shown.at(-1);
    return {
      leads: shown.map(leadOutputFromRow),
      total,
      nextCursor: hasMore && last ? encodeLeadCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null,
    };
  }

  /** The board: every stage on it (not archived), in order, with how many leads of the filter it holds. */
  async board(filter: ResolvedLeadFilter, access: LeadAccess): Promise<BoardColumn[]> {
    const [stages, counts] = await Promise.all([this.stages.list(), this.leads.countByStage(filter, access)]);
    return stages.filter((stage) => !stage.archived).map((stage) => ({ stageId: stage.id, count: counts.get(stage.id) ?? 0 }));
  }

  stats(access: LeadAccess, timeZone = this.config.APP_TIME_ZONE, now = new Date()): Promise<LeadStats> {
    return this.leads.stats(statsWindows(now, timeZone), access);
  }

  /** Leads per calendar day in `timeZone` over the last `days` days, oldest first, today last. */
  async dailyCounts(days: number, access: LeadAccess, timeZone = this.config.APP_TIME_ZONE, now = new Date()): Promise<DailyLeadCount[]> {
    const localDays = lastLocalDays(now, timeZone, days);
    const counts = await this.leads.countPerDay(localDays, access);
    return localDays.map((day, index) => ({ date: day.date, ...counts[index] }));
  }

  /** One lead with its calls, newest first; a lead out of the viewer's sight is answered as missing. Opening it is in the access log. */
  async get(id: string, access: LeadAccess, actorId: string | null): Promise<LeadWithCalls> {
    const lead = await this.leads.findWithCalls(id);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${id}.`);
    await this.accessLog.record({ actorId, action: 'lead_viewed', leadId: id });
    return { ...toLeadOutput(lead), calls: lead.calls.map(toCallOutput) };
  }

  async create(input: ValidLead, actorId: string | null = null): Promise<Lead> {
    // In a transaction: on SQLite a lone write joins whatever transaction is open on the
    // shared connection (an import batch, a webhook) and would vanish if that one rolls back.
    const lead = await this.leads.transaction(async (db) => {
      const [owner] = await this.router.ownersFor(1, db);
      const created = await this.leads.create({ ...toLeadWrite(input), ...freshLead(await this.stages.entryStageId(db)), ownerId: owner?.id ?? null }, db);
      const returning = await this.erasedPeople.flagNewLeads([created], db, created.createdAt);
      await this.activities.append([activity(created.id, 'created', { source: created.source }, actorId), ...routingActivity([{ id: created.id, owner }]), ...returning], db);
      if (returning.length > 0) created.previouslyErasedAt = created.createdAt;
      return created;
    });
    this.logger.log({ leadId: lead.id, source: lead.source }, 'Lead created');
    await this.liveEvents.publish({ type: 'lead.created', id: lead.id });
    return toLeadOutput(lead);
  }

  /**
   * The filtered leads as leads.csv, streamed from the database; a database out of reach fails
   * before the answer starts. The access log gets the filter and the filter's exact count (the
   * list's X-Total-Count) once the stream is open.
   */
  async exportCsv(filter: ResolvedLeadFilter, access: LeadAccess, actorId: string | null): Promise<Readable> {
    const [csv, rows] = await Promise.all([this.exports.leadsCsv(filter, access), this.leads.count(filter, access)]);
    await this.accessLog.record({ actorId, action: 'leads_exported', details: { filter: exportFilterDetails(filter), rows } });
    return csv;
  }

  /**
   * Imports a leads CSV: a file that is not CSV, or whose records do not line up with
   * its header, is refused whole (400) before anything is written; otherwise every valid
   * row creates a lead or updates the same person (LeadIdentities' rule), and rows with
   * invalid values are reported with their line and skipped.
   * Rows are written in batches, each batch in one transaction, so no row is ever
   * half-written; a batch reads the leads its rows may be in one query.
   */
  async importCsv(file: Buffer, actorId: string | null = null): Promise<ImportSummary> {
    const csv = await readLeadCsv(file, this.config.APP_TIME_ZONE);
    if (!csv.ok) throw new InvalidFieldsException(csv.errors);
    const summary: ImportSummary = { created: 0, updated: 0, skipped: 0, errors: [] };
    let batch: { line: number; lead: ValidLead; id?: string; createdAt?: Date }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      const outcome = await this.leads.transaction(async (db) => {
        const created: { id: string; phone: string | null; email: string | null }[] = [];
        let updated = 0;
        const signals: LiveEventSignal[] = [];
        const people = rows.map((row) => ({ id: row.id, email: row.lead.email, phone: row.lead.phone }));
        // As the webhook does: no caller's report creates a second lead for a person this batch is creating.
        await this.leads.lockIdentities(people.flatMap(({ email, phone }) => [email, phone]), db);
        const known = await this.leads.findIdentities(identityKeys(people), db);
        const entryStageId = await this.stages.entryStageId(db);
        const identities = new LeadIdentities(known);
        // Each lead as the batch last left it: what the next row's changes are told against.
        const current = new Map(known.map((lead) => [lead.id, leadColumnsOf(lead)]));
        const entries: NewActivity[] = [];
        for (const [index, row] of rows.entries()) {
          const same = identities.samePerson(people[index]);
          if (same) {
            const changes = toLeadChanges(row.lead);
            const lead = await this.leads.update(same.id, changes, db);
            entries.push(
              activity(lead.id, 'imported', { line: row.line, outcome: 'updated' }, actorId),
              ...leadFieldChanges(current.get(lead.id) ?? {}, changes).map((change) => activity(lead.id, 'updated', change, actorId)),
            );
            current.set(lead.id, leadColumnsOf(lead));
            identities.update(same.id, changes);
            signals.push({ type: 'lead.updated', id: same.id });
            updated += 1;
          } else {
            const lead = await this.leads.create({ ...toLeadWrite(row.lead), ...freshLead(entryStageId), id: row.id, createdAt: row.createdAt }, db);
            entries.push(activity(lead.id, 'imported', { line: row.line, outcome: 'created' }, actorId));
            current.set(lead.id, leadColumnsOf(lead));
            identities.add(lead);
            signals.push({ type: 'lead.created', id: lead.id });
            created.push(lead);
          }
        }
        // Routed once the batch knows its new leads: the routing lock is held for the rest of the transaction only.
        const owners = await this.router.ownersFor(created.length, db);
        const routed = created.map(({ id }, index) => ({ id, owner: owners[index] }));
        await this.leads.assignOwners(routed.map(({ id, owner }) => ({ id, ownerId: owner?.id ?? null })), db);
        const returning = await this.erasedPeople.flagNewLeads(created, db, new Date());
        await this.activities.append([...entries, ...routingActivity(routed), ...returning], db);
        return { created: created.length, updated, signals };
      });
      summary.created += outcome.created;
      summary.updated += outcome.updated;
      for (const signal of outcome.signals) await this.liveEvents.publish(signal);
    };

    for await (const row of csv.rows) {
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
