import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Database } from '../../../database/database';
import { LiveEventsService } from '../../../events/live-events.service';
import { StaffRepository } from '../../../staff/staff.repository';
import { voiceAgentActor } from '../../../tasks/task-actor';
import { TasksService } from '../../../tasks/tasks.service';
import { CallsRepository } from '../../calls/calls.repository';
import { AgentScheduleRepository } from '../agent-schedule.repository';
import { CallerLeads } from '../caller-leads';
import { callOfRequest, type CallOfRequest, type TransferDestinationRequest } from '../server-request-message';
import { spokenDateTime } from '../spoken-time';
import { chooseTransferTarget, type TeamHours, type TransferCandidate } from './transfer-target';

/** What the caller hears when nobody can be reached and the call gives no number to call back on. */
export const NOBODY_NO_NUMBER = 'I am sorry, none of our advisers can take your call right now. Please call us again during office hours.';
/** What the caller hears when the transfer could not be worked out (a database failure). */
export const TRANSFER_FAILED = 'I am sorry, I cannot put you through just now. Please call us again in a little while.';
/** A callback due within this long is "as soon as possible". */
const SOON_MINUTES = 15;

const firstName = (name: string) => name.trim().split(/\s+/)[0];

/**
 * Where the transfer tool (no fixed destination) puts a caller who asks for a person
 * (`transfer-destination-request`): the number of the lead's owner, or of the next agent by
 * the routing rule, who can take a call now (chooseTransferTarget). When nobody can, an
 * `error` the agent says, and a callback task (type call) on the caller's lead, due at the
 * first working moment of whoever it goes to; one per call, however often the caller asks.
 */
@Injectable()
export class TransferDestinationHandler {
  private readonly logger = new Logger(TransferDestinationHandler.name);
  private readonly team: TeamHours;

  constructor(
    private readonly database: Database,
    private readonly callerLeads: CallerLeads,
    private readonly staff: StaffRepository,
    private readonly calls: CallsRepository,
    private readonly tasks: TasksService,
    private readonly schedule: AgentScheduleRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.team = { callingHours: config.CALLING_HOURS, workingHours: config.WORKING_HOURS, holidays: new Set(config.CALLING_HOLIDAYS), timeZone: config.APP_TIME_ZONE };
  }

  async answer(request: TransferDestinationRequest): Promise<Vapi.ServerMessageResponseTransferDestinationRequest> {
    const call = callOfRequest(request);
    try {
      return await this.destinationFor(call);
    } catch (error) {
      this.logger.error({ err: error, vapiCallId: call.vapiCallId }, 'Could not find anyone to transfer the caller to');
      return { error: TRANSFER_FAILED };
    }
  }

  private async destinationFor(call: CallOfRequest): Promise<Vapi.ServerMessageResponseTransferDestinationRequest> {
    const now = this.clock.now();
    const lead = await this.callerLeads.find(call, this.database.client);
    const staff = await this.staff.transferCandidates(lead?.ownerId ?? null);
    const owner = staff.find(({ id }) => id === lead?.ownerId) ?? null;
    const decision = chooseTransferTarget(owner, staff, this.team, now);
    if (decision.kind === 'connect') {
      return { destination: { type: 'number', number: decision.member.phone, message: `Connecting you to ${firstName(decision.member.name)}, one moment please.` } };
    }
    return { error: await this.arrangeCallback(call, decision.assignee, decision.callbackAt, now) };
  }

  /** The callback task nobody could take the call for, made once per call; answers what the agent says. */
  private async arrangeCallback(call: CallOfRequest, assignee: TransferCandidate | null, callbackAt: Date, now: Date): Promise<string> {
    const { vapiCallId } = call;
    const outcome = !vapiCallId
      ? null
      : await this.database.transaction(async (tx) => {
          await this.calls.lockCall(vapiCallId, tx);
          const caller = await this.callerLeads.findOrCreate(call, tx);
          if (!caller) return null;
          const existing = await this.schedule.openCallbackOf(caller.lead.id, vapiCallId, tx);
          if (existing) return { dueAt: existing.dueAt, signals: caller.signals, task: null };
          const notes = 'The caller asked to speak to a person during a call with the agent; nobody could take the call then.';
          const task = await this.tasks.create({ leadId: caller.lead.id, type: 'call', dueAt: callbackAt, assigneeId: assignee?.id ?? null, notes }, voiceAgentActor(vapiCallId), tx);
          return { dueAt: callbackAt, signals: caller.signals, task };
        });
    if (!outcome) {
      this.logger.warn({ vapiCallId }, 'Nobody could take a transfer, and the call gives no number to call back');
      return NOBODY_NO_NUMBER;
    }
    void this.liveEvents.publishAll(outcome.signals);
    if (outcome.task) void this.tasks.announce(outcome.task, 'created');
    const when = outcome.dueAt.getTime() - now.getTime() <= SOON_MINUTES * 60_000 ? 'as soon as possible' : spokenDateTime(outcome.dueAt, now, this.team.timeZone);
    const who = assignee ? firstName(assignee.name) : 'one of our advisers';
    return `I am sorry, none of our advisers can take your call right now. I have asked ${who} to call you back ${when}.`;
  }
}
