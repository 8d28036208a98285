import { Inject, Injectable } from '@nestjs/common';
import type { Task, TaskType } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { activity, type NewActivity } from '../../../activity/activity-entry';
import { LeadActivityRepository } from '../../../activity/lead-activity.repository';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Database } from '../../../database/database';
import type { Lead, Stage } from '../../../database/models';
import type { TransactionClient } from '../../../database/prisma-client';
import type { LiveEventSignal } from '../../../events/live-event';
import { LiveEventsService } from '../../../events/live-events.service';
import { LeadsRepository } from '../../../leads/leads.repository';
import { LeadRouter } from '../../../leads/routing/lead-router';
import { routingActivity } from '../../../leads/routing/routing-activity';
import { PropertiesRepository } from '../../../properties/properties.repository';
import { siteVisitScheduledStage } from '../../../stages/site-visit-stages';
import { StagesRepository } from '../../../stages/stages.repository';
import { voiceAgentActor } from '../../../tasks/task-actor';
import { TasksService } from '../../../tasks/tasks.service';
import { callLockKey } from '../../calls/calls.repository';
import { CallerLeads } from '../caller-leads';
import type { CallOfRequest } from '../server-request-message';
import { spokenClock, spokenDateTime } from '../spoken-time';
import type { ToolOutcome } from '../tool-calls/agent-tool';
import { ToolCallAnswersRepository } from '../tool-calls/tool-call-answers.repository';
import { BOOK_SITE_VISIT } from '../tool-calls/tool-names';
import { memberHours, type TeamHours } from '../transfer/transfer-target';
import { agentScheduleLock, AgentScheduleRepository } from '../agent-schedule.repository';
import { parsePreferredTime } from './preferred-time';
import { decideVisitSlot, type TimeRange, type UnavailableReason, type VisitSlotRules } from './visit-slots';

/** The tasks that take an agent's time: a visit or a meeting (a call or a reminder does not). */
const TAKING_TIME: TaskType[] = ['site_visit', 'meeting'];

/** How visits are laid out: an hour each, offered on the half hour, an hour's notice, two weeks ahead. */
const VISIT = { visitMinutes: 60, stepMinutes: 30, noticeMinutes: 60, searchDays: 14 } as const;

export interface VisitRequest {
  call: CallOfRequest;
  toolCallId: string;
  propertyId: number;
  preferredTime: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0];

/**
 * Books a site visit the caller asked for (`book_site_visit`): with the lead's owner (a lead
 * without one gets the next agent by the routing rule), in a free slot of the owner's working
 * hours within the calling hours (decideVisitSlot), or answers with two alternatives. The
 * booking is one transaction: the visit as a task naming the property and the call
 * (TasksService, with its timeline entry), the lead moved to the stage "Site Visit Scheduled"
 * (forward only, with its `stage_changed` entry), and the answer kept under the tool call's id.
 * The call's lock makes a retried tool call wait and find that answer; the agent's schedule
 * lock makes two bookings for one agent, in any process, see each other. Reads that need no
 * lock (the property, the caller's lead, the owner, the pipeline) come before it, and a caller
 * we did not know, or a lead without an owner, is made or routed first in a transaction of its
 * own (with its entries): the routing lock is never held while a diary is read.
 */
@Injectable()
export class SiteVisitBooking {
  private readonly team: TeamHours;

  constructor(
    private readonly database: Database,
    private readonly callerLeads: CallerLeads,
    private readonly schedule: AgentScheduleRepository,
    private readonly properties: PropertiesRepository,
    private readonly answers: ToolCallAnswersRepository,
    private readonly leads: LeadsRepository,
    private readonly router: LeadRouter,
    private readonly stages: StagesRepository,
    private readonly tasks: TasksService,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.team = { callingHours: config.CALLING_HOURS, workingHours: config.WORKING_HOURS, holidays: new Set(config.CALLING_HOLIDAYS), timeZone: config.APP_TIME_ZONE };
  }

  async book(request: VisitRequest): Promise<ToolOutcome> {
    const { vapiCallId } = request.call;
    if (!vapiCallId) return { error: 'I can book visits only during a call. Offer that an adviser will call back to fix the visit.' };
    const now = this.clock.now();
    const requested = parsePreferredTime(request.preferredTime, now, this.team.timeZone);
    if (!requested) return { error: `I could not tell a day and time from "${request.preferredTime}". Ask the caller for a day and a time.` };
    // What needs no lock is read first, side by side: the booking's transaction holds the agent's
    // diary only for the few statements that need it.
    const [property, known, stages] = await Promise.all([this.properties.find(request.propertyId), this.callerLeads.find(request.call, this.database.client), this.stages.list()]);
    if (!property) return { error: `There is no property ${request.propertyId}. Use the id of a property from search_properties.` };
    if (property.status !== 'available') return { error: `${property.name} is ${property.status} and cannot be visited. Offer the caller other properties.` };
    const lead = known?.ownerId ? known : await this.ownedCaller(request.call, now);
    if (!lead) return { error: 'I cannot book a visit on this call: the caller’s number is not known. Offer that an adviser will call them back.' };
    const agent = lead.ownerId ? await this.schedule.agent(lead.ownerId) : null;
    if (!agent) return { error: 'No adviser is free to take visits right now. Tell the caller an adviser will call them back to fix the visit.' };

    const { outcome, signals, task } = await this.database.transaction(async (tx): Promise<{ outcome: ToolOutcome; signals: LiveEventSignal[]; task?: Task }> => {
      // The call's lock, that a retried tool call waits on to find the first one's answer, and the agent's diary.
      await this.database.lock([callLockKey(vapiCallId), agentScheduleLock(agent.id)], tx);
      const stored = await this.answers.find(request.toolCallId, tx);
      if (stored) return { outcome: stored, signals: [] };
      const rules: VisitSlotRules = { ...memberHours(agent, this.team), ...VISIT };
      const decision = decideVisitSlot(requested, await this.busyRanges(agent.id, requested, now, tx), rules, now);
      if (decision.kind === 'unavailable') return { outcome: { result: alternativesText(decision.reason, decision.alternatives, rules, now) }, signals: [] };

      // The visit as a task (its timeline entry naming the call), made the one way tasks are made.
      const task = await this.tasks.create(
        { leadId: lead.id, type: 'site_visit', dueAt: decision.slot.start, endsAt: decision.slot.end, assigneeId: agent.id, propertyId: property.id, notes: `Meet at ${property.siteVisitAddress}.` },
        voiceAgentActor(vapiCallId),
        tx,
      );
      const entries: NewActivity[] = [];
      const signals = await this.moveToVisitStage(lead, stages, tx, now, entries);
      // At the time it is written, as the task's own entry is.
      await this.activities.append(entries, tx);
      const when = spokenDateTime(decision.slot.start, now, this.team.timeZone);
      const outcome = { result: `Booked: a site visit to ${property.name} ${when} with ${firstName(agent.name)}, who will meet the caller at ${property.siteVisitAddress}. Tell the caller the day, time and place.` };
      await this.answers.record(request.toolCallId, vapiCallId, BOOK_SITE_VISIT, outcome, tx, now);
      return { outcome, signals, task };
    });
    // Announced once committed, without holding the answer back: a missed live update only refreshes later.
    if (task) void this.tasks.announce(task, 'created');
    void this.liveEvents.publishAll(signals);
    return outcome;
  }

  /**
   * The caller's lead with an owner, in a transaction of its own before the booking's: made if
   * the call is the first we hear of them (routed as it is made), or, without an owner, given
   * the next agent by the routing rule as a new lead would be; so the routing lock is never
   * held while a diary is read. Null when no lead can be made (the call gives no number); the
   * lead has no owner still when routing gives nobody.
   */
  private async ownedCaller(call: CallOfRequest, now: Date): Promise<Lead | null> {
    const { lead, signals } = await this.database.transaction(async (tx) => {
      if (call.vapiCallId) await this.database.lock([callLockKey(call.vapiCallId)], tx);
      const caller = await this.callerLeads.findOrCreate(call, tx);
      if (!caller) return { lead: null, signals: [] };
      const entries: NewActivity[] = [];
      const signals = [...caller.signals];
      let lead = caller.lead;
      if (!lead.ownerId) {
        const [routed] = await this.router.ownersFor(1, tx);
        if (routed) {
          await this.leads.setPipelineMany([lead.id], { ownerId: routed.id }, now, tx);
          entries.push(...routingActivity([{ id: lead.id, owner: routed }]));
          signals.push({ type: 'lead.updated', id: lead.id, formerOwnerId: null });
          lead = { ...lead, ownerId: routed.id };
        }
      }
      await this.activities.append(entries, tx, now);
      return { lead, signals };
    });
    void this.liveEvents.publishAll(signals);
    return lead;
  }

  /**
   * Moves the lead to "Site Visit Scheduled" as a board move would (its `stage_changed` entry),
   * when the pipeline has that stage and it lies ahead of the lead's own open stage: a lead
   * further on, won or lost stays where staff put it.
   */
  private async moveToVisitStage(lead: Lead, stages: Stage[], tx: TransactionClient, now: Date, entries: NewActivity[]): Promise<LiveEventSignal[]> {
    const target = siteVisitScheduledStage(stages);
    const current = stages.find((stage) => stage.id === lead.stageId);
    // An archived stage takes no leads; a lead further on, won or lost stays.
    if (!target || target.archived || !current || current.kind !== 'open' || target.position <= current.position) return [];
    await this.leads.setPipelineMany([lead.id], { stageId: target.id }, now, tx);
    entries.push(activity(lead.id, 'stage_changed', { from: { id: current.id, name: current.name }, to: { id: target.id, name: target.name }, lostReason: null }));
    return [{ type: 'lead.updated', id: lead.id }];
  }

  /**
   * When the agent is taken on the days that can matter (from today, or the requested day, to
   * two weeks past the later of the two): their open visits and meetings, an hour long when
   * they give no end.
   */
  private async busyRanges(agentId: string, requested: Date, now: Date, tx: TransactionClient): Promise<TimeRange[]> {
    const zone = this.team.timeZone;
    const first = DateTime.fromJSDate(requested < now ? requested : now, { zone }).startOf('day');
    const last = DateTime.fromJSDate(requested > now ? requested : now, { zone }).startOf('day').plus({ days: VISIT.searchDays + 1 });
    const taken = await this.tasks.findOpenOverlapping(agentId, first.toJSDate(), last.toJSDate(), TAKING_TIME, VISIT.visitMinutes * 60_000, tx);
    return taken.map(({ dueAt, endsAt }) => ({ start: dueAt, end: endsAt ?? new Date(dueAt.getTime() + VISIT.visitMinutes * 60_000) }));
  }
}

const REASONS: Record<UnavailableReason, (rules: VisitSlotRules) => string> = {
  taken: () => 'That time is already taken in our adviser’s diary.',
  'outside-hours': (rules) =>
    rules.hours ? `Visits are between ${hourText(rules.hours.startMinute, rules)} and ${hourText(rules.hours.endMinute, rules)}.` : 'Our adviser has no visiting hours at the moment.',
  holiday: () => 'That day is a holiday.',
  'too-soon': (rules) => `That is too soon: a visit needs at least ${rules.noticeMinutes} minutes' notice.`,
};

function hourText(minute: number, rules: VisitSlotRules): string {
  return spokenClock(DateTime.fromObject({ hour: Math.floor(minute / 60) % 24, minute: minute % 60 }, { zone: rules.timeZone }));
}

/** What the agent says when the time asked for cannot be booked: why, and the two nearest free times. */
function alternativesText(reason: UnavailableReason, alternatives: TimeRange[], rules: VisitSlotRules, now: Date): string {
  const why = REASONS[reason](rules);
  if (alternatives.length === 0) return `${why} There is no free time in the next two weeks: tell the caller an adviser will call them to arrange the visit.`;
  const times = alternatives.map(({ start }) => spokenDateTime(start, now, rules.timeZone));
  return `Not booked. ${why} The nearest free times are ${times.join(' or ')}. Ask the caller which suits them, then book that time.`;
}
