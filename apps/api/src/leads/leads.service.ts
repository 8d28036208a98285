import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { BoardColumn, DailyLeadCount, Lead, LeadStats, LeadWithCalls, SourceCount } from '@lead-desk/contracts';
import type { ResolvedLeadFilter } from './lead-list-filter';
import type { Readable } from 'node:stream';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LiveEventsService } from '../events/live-events.service';
import { toCallOutput } from '../voice/calls/call.output';
import { StagesRepository } from '../stages/stages.repository';
import { freshLead } from './fresh-lead';
import type { ValidLead } from './inputs/lead-input';
import { toLeadWrite } from './lead-write';
import { DuplicateLeadException } from './duplicates/duplicate-lead.exception';
import { PossibleDuplicates } from './duplicates/possible-duplicates';
import { identityKeys, LeadIdentities } from './lead-identity';
import { activity } from '../activity/activity-entry';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';
import { LeadsExportRepository } from './leads-export.repository';
import { leadOutputFromRow } from './lead-row';
import { LeadsRepository } from './leads.repository';
import { LeadSourcesRepository } from './sources/lead-sources.repository';
import { sourcesInUse } from './sources/sources-in-use';
import { LeadRouter } from './routing/lead-router';
import { routingActivity } from './routing/routing-activity';
import { canSeeLead, type LeadAccess } from './access/lead-access';
import { AccessLog } from '../privacy/access-log/access-log.service';
import { exportFilterDetails } from '../privacy/access-log/export-filter-details';
import { ErasedPeople } from '../privacy/erased-people';
import { toLeadOutput } from './outputs/lead.output';
import { lastLocalDays, statsWindows } from './stats-windows';
import { StaffLeadCallsRepository } from '../settings/staff-lead-calls.repository';
import { CadenceOpening } from '../voice/callbacks/cadence-opening';

export interface LeadPage {
  leads: Lead[];
  total: number;
  nextCursor: string | null;
}

@Injectable()
export class LeadsService {
  private readonly logger = new Logger(LeadsService.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly sources: LeadSourcesRepository,
    private readonly exports: LeadsExportRepository,
    private readonly router: LeadRouter,
    private readonly liveEvents: LiveEventsService,
    private readonly activities: LeadActivityRepository,
    private readonly stages: StagesRepository,
    private readonly accessLog: AccessLog,
    private readonly erasedPeople: ErasedPeople,
    private readonly possibleDuplicates: PossibleDuplicates,
    private readonly staffLeadCalls: StaffLeadCallsRepository,
    private readonly cadences: CadenceOpening,
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

  /** The sources of the leads the viewer may see (of those a list of `archived` shows), each with its count, for the Source filter. */
  async sourceCounts(access: LeadAccess, archived: boolean): Promise<SourceCount[]> {
    return sourcesInUse(await this.sources.counted(access, archived));
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

  /**
   * A lead made by staff (Add Lead). A stored lead with its phone or email, whatever its
   * name, refuses it (409 naming that lead) unless `allowDuplicate`: it is then made,
   * flagged as a possible duplicate of the first lead with its email and of the first with its phone.
   */
  async create(input: ValidLead, actorId: string | null = null, allowDuplicate = false): Promise<Lead> {
    // In a transaction: on SQLite a lone write joins whatever transaction is open on the
    // shared connection (an import batch, a webhook) and would vanish if that one rolls back.
    const lead = await this.leads.transaction(async (db) => {
      const person = { email: input.email, phone: input.phone, name: input.name };
      await this.leads.lockIdentities([person], db);
      const firsts = new LeadIdentities(await this.leads.findIdentities(identityKeys([person]), db)).firstSharingContact(person);
      if (firsts.length > 0 && !allowDuplicate) throw new DuplicateLeadException(firsts[0].lead.id, firsts[0].reason);
      const [owner] = await this.router.ownersFor(1, db);
      const created = await this.leads.create({ ...toLeadWrite(input), ...freshLead(await this.stages.entryStageId(db)), ownerId: owner?.id ?? null }, db);
      const returning = await this.erasedPeople.flagNewLeads([created], db, created.createdAt);
      const found = firsts.map(({ lead: other, reason }) => ({ leadId: created.id, otherLeadId: other.id, reason }));
      const duplicates = await this.possibleDuplicates.record(found, [created], actorId, db, created.createdAt);
      await this.activities.append(
        [activity(created.id, 'created', { source: created.source }, actorId), ...routingActivity([{ id: created.id, owner }]), ...returning, ...duplicates],
        db,
      );
      // The Sources panel's switch for staff-created leads (AUTO_CALLBACK while it follows the default).
      if ((await this.staffLeadCalls.read(db)).autoCall ?? this.config.AUTO_CALLBACK) await this.cadences.open(created, { source: created.source }, created.createdAt, db);
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
}
