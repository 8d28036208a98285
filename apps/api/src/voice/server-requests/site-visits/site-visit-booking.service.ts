import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { activity, type NewActivity } from '../../../activity/activity-entry';
import { LeadActivityRepository } from '../../../activity/lead-activity.repository';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Database } from '../../../database/database';
import type { Lead } from '../../../database/models';
import type { TransactionClient } from '../../../database/prisma-client';
import type { LiveEventSignal } from '../../../events/live-event';
import { LiveEventsService } from '../../../events/live-events.service';
import { LeadsRepository } from '../../../leads/leads.repository';
import { LeadRouter } from '../../../leads/routing/lead-router';
import { PropertiesRepository } from '../../../properties/properties.repository';
import { routingActivity } from '../../../leads/routing/routing-activity';
import { StagesRepository } from '../../../stages/stages.repository';
import { CallsRepository } from '../../calls/calls.repository';
import { AgentTasks } from '../agent-tasks';
import { CallerLeads } from '../caller-leads';
import type { CallOfRequest } from '../server-request-message';
import { spokenClock, spokenDateTime } from '../spoken-time';
import type { ToolOutcome } from '../tool-calls/agent-tool';
import { ToolCallAnswersRepository } from '../tool-calls/tool-call-answers.repository';
import { BOOK_SITE_VISIT } from '../tool-calls/tool-names';
import { memberHours, type TeamHours } from '../transfer/transfer-target';
import { parsePreferredTime } from './preferred-time';
import { SiteVisitsRepository } from './site-visits.repository';
import { decideVisitSlot, type TimeRange, type UnavailableReason, type VisitSlotRules } from './visit-slots';

/** The stage a lead with a booked visit moves to, when the pipeline has one of that name. */
export const VISIT_STAGE_NAME = 'Site Visit Scheduled';

/** How visits are laid out: an hour each, offered on the half hour, an hour's notice, two weeks ahead. */
const VISIT = { visitMinutes: 60, stepMinutes: 30, noticeMinutes: 60, searchDays: 14 } as const;

export interface VisitRequest {
  call: CallOfRequest;
  toolCallId: string;
  propertyId: number;
  preferredTime: string;
}

interface Agent {
  id: string;
  name: string;
  workingHours: string | null;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0];
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Books a site visit the caller asked for (`book_site_visit`): with the lead's owner (a lead
 * without one gets the next agent by the routing rule), in a free slot of the owner's working
 * hours within the calling hours (decideVisitSlot), or answers with two alternatives. The
 * booking is one transaction: the caller's lead (made if the call is the first we hear of
 * them), the visit as a task naming the property and the call, the lead moved to the stage
 * "Site Visit Scheduled" (forward only), every timeline entry, and the answer kept under the
 * tool call's id. The call's lock makes a retried tool call wait and find that answer; the
 * agent's schedule lock makes two bookings for one agent, in any process, see each other.
 */
@Injectable()
export class SiteVisitBooking {
  private readonly team: TeamHours;

  constructor(
    private readonly database: Database,
    private readonly callerLeads: CallerLeads,
    private readonly calls: CallsRepository,
    private readonly visits: SiteVisitsRepository,
    private readonly properties: PropertiesRepository,
    private readonly answers: ToolCallAnswersRepository,
    private readonly leads: LeadsRepository,
    private readonly router: LeadRouter,
    private readonly stages: StagesRepository,
    private readonly tasks: AgentTasks,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.team = { callingHours: config.CALLING_HOURS, workingHours: config.WORKING_HOURS, holidays: new Set(config.CALLING_HOLIDAYS), timeZone: config.APP_TIME_ZONE };
  }

  async book(request: VisitRequest): Promise<ToolOutcome> {
    const now = this.clock.now();
    const requested = parsePreferredTime(request.preferredTime, now, this.team.timeZone);
    if (!requested) return { error: `I could not tell a day and time from "${request.preferredTime}". Ask the caller for a day and a time.` };
    const property = await this.properties.find(request.propertyId);
    if (!property) return { error: `There is no property ${request.propertyId}. Use the id of a property from search_properties.` };
    if (property.status !== 'available') return { error: `${property.name} is ${property.status} and cannot be visited. Offer the caller other properties.` };

    const { outcome, signals } = await this.database.transaction(async (tx) => {
      if (request.call.vapiCallId) await this.calls.lockCall(request.call.vapiCallId, tx);
      const answered = await this.answers.find(request.toolCallId, tx);
      if (answered) return { outcome: answered, signals: [] };
      const caller = await this.callerLeads.findOrCreate(request.call, tx, now);
      if (!caller) return { outcome: { error: 'I cannot book a visit on this call: the caller’s number is not known. Offer that an adviser will call them back.' }, signals: [] };
      const entries = [...caller.entries];
      const signals = [...caller.signals];
      const agent = await this.agentFor(caller.lead, tx, now, entries, signals);
      if (!agent) {
        await this.activities.append(entries, tx, now);
        return { outcome: { error: 'No adviser is free to take visits right now. Tell the caller an adviser will call them back to fix the visit.' }, signals };
      }

      await this.visits.lockAgent(agent.id, tx);
      const rules: VisitSlotRules = { ...memberHours(agent, this.team), ...VISIT };
      const decision = decideVisitSlot(requested, await this.visits.busyRanges(agent.id, ...this.searchWindow(requested, now), tx), rules, now);
      if (decision.kind === 'unavailable') {
        await this.activities.append(entries, tx, now);
        return { outcome: { result: alternativesText(decision.reason, decision.alternatives, rules, now) }, signals };
      }

      const when = spokenDateTime(decision.slot.start, now, this.team.timeZone);
      const task = await this.tasks.create(
        {
          leadId: caller.lead.id,
          type: 'site_visit',
          dueAt: decision.slot.start,
          endsAt: decision.slot.end,
          assigneeId: agent.id,
          propertyId: property.id,
          notes: `Meet at ${property.siteVisitAddress}.`,
          vapiCallId: request.call.vapiCallId,
        },
        `Site visit booked for ${when} at ${property.name}, assigned to ${agent.name}, by the agent during call ${request.call.vapiCallId ?? '(unknown)'}`,
        tx,
        now,
      );
      signals.push(...task.signals, ...(await this.moveToVisitStage(caller.lead, tx, now, entries)));
      await this.activities.append(entries, tx, now);
      const outcome = { result: `Booked: a site visit to ${property.name} ${when} with ${firstName(agent.name)}, who will meet the caller at ${property.siteVisitAddress}. Tell the caller the day, time and place.` };
      await this.answers.record(request.toolCallId, request.call.vapiCallId, BOOK_SITE_VISIT, outcome, tx, now);
      return { outcome, signals };
    });
    await this.liveEvents.publishAll(signals);
    return outcome;
  }

  /** The lead's owner; a lead without one is given the next agent by the routing rule (null when routing gives nobody). */
  private async agentFor(lead: Lead, tx: TransactionClient, now: Date, entries: NewActivity[], signals: LiveEventSignal[]): Promise<Agent | null> {
    if (lead.ownerId) {
      const owner = await tx.staffUser.findUnique({ where: { id: lead.ownerId }, select: { id: true, name: true, workingHours: true } });
      if (owner) return owner;
    }
    const [routed] = await this.router.ownersFor(1, tx);
    if (!routed) return null;
    await this.leads.setPipelineMany([lead.id], { ownerId: routed.id }, now, tx);
    entries.push(...routingActivity([{ id: lead.id, owner: routed }]));
    signals.push({ type: 'lead.updated', id: lead.id, formerOwnerId: null });
    return tx.staffUser.findUnique({ where: { id: routed.id }, select: { id: true, name: true, workingHours: true } });
  }

  /**
   * Moves the lead to "Site Visit Scheduled" as a board move would (its `stage_changed` entry),
   * when the pipeline has that stage and it lies ahead of the lead's own open stage: a lead
   * further on, won or lost stays where staff put it.
   */
  private async moveToVisitStage(lead: Lead, tx: TransactionClient, now: Date, entries: NewActivity[]): Promise<LiveEventSignal[]> {
    const stages = await this.stages.list(tx);
    const target = stages.find((stage) => !stage.archived && sameName(stage.name, VISIT_STAGE_NAME));
    const current = stages.find((stage) => stage.id === lead.stageId);
    if (!target || !current || current.kind !== 'open' || target.position <= current.position) return [];
    await this.leads.setPipelineMany([lead.id], { stageId: target.id }, now, tx);
    entries.push(activity(lead.id, 'stage_changed', { from: { id: current.id, name: current.name }, to: { id: target.id, name: target.name }, lostReason: null }));
    return [{ type: 'lead.updated', id: lead.id }];
  }

  /** The days whose visits can matter: from today (or the requested day) to two weeks past the later of the two. */
  private searchWindow(requested: Date, now: Date): [Date, Date] {
    const zone = this.team.timeZone;
    const first = DateTime.fromJSDate(requested < now ? requested : now, { zone }).startOf('day');
    const last = DateTime.fromJSDate(requested > now ? requested : now, { zone }).startOf('day').plus({ days: VISIT.searchDays + 1 });
    return [first.toJSDate(), last.toJSDate()];
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
