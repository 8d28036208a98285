import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { Clock } from '../../../common/clock';
import { DndListRepository } from '../../../compliance/dnd-list.repository';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { CallsRepository } from '../../calls/calls.repository';
import { CallerLeads } from '../caller-leads';
import { callOfRequest, type AssistantRequest, type CallOfRequest } from '../server-request-message';
import { AgentScheduleRepository } from '../agent-schedule.repository';
import { callerVariables } from './caller-variables';

/** What a caller hears when the number has no assistant to answer with (Vapi speaks the error, then hangs up). */
export const NO_ASSISTANT = 'Sorry, this number cannot take calls right now. Please try again later.';

/**
 * Which assistant answers an inbound call (`assistant-request`): always VAPI_ASSISTANT_ID; for a
 * caller we know (a lead with their number) with their first name, last interest, last call's
 * summary and booked visit as the prompt's variables, so the agent greets them by name. An
 * unknown caller, and one who asked not to be called (Do Not Call, or on the DND scrub list),
 * gets the plain assistant: nothing of a record they asked us to leave alone is read out.
 */
@Injectable()
export class AssistantRequestHandler {
  private readonly logger = new Logger(AssistantRequestHandler.name);

  constructor(
    private readonly callerLeads: CallerLeads,
    private readonly calls: CallsRepository,
    private readonly schedule: AgentScheduleRepository,
    private readonly dndList: DndListRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(request: AssistantRequest): Promise<Vapi.ServerMessageResponseAssistantRequest> {
    const assistantId = this.config.VAPI_ASSISTANT_ID;
    if (!assistantId) {
      this.logger.error({ vapiCallId: request.call?.id }, 'An inbound call asked for an assistant, but VAPI_ASSISTANT_ID is not set: run pnpm vapi:setup');
      return { error: NO_ASSISTANT };
    }
    try {
      const variableValues = await this.knownCallerVariables(callOfRequest(request));
      return variableValues ? { assistantId, assistantOverrides: { variableValues } } : { assistantId };
    } catch (error) {
      // The caller is ringing: they get the plain assistant rather than no answer.
      this.logger.error({ err: error, vapiCallId: request.call?.id }, 'Could not look the caller up; answering with the plain assistant');
      return { assistantId };
    }
  }

  /** The prompt's variables for a caller we know and may speak to about their record; null otherwise. */
  private async knownCallerVariables(call: CallOfRequest): Promise<Record<string, string> | null> {
    const phone = this.callerLeads.callerPhone(call);
    const lead = phone ? await this.callerLeads.findByPhone(phone) : null;
    if (!lead || !phone || lead.doNotCall || (await this.dndList.contains(phone))) return null;
    const now = this.clock.now();
    const [lastCallSummary, nextVisit] = await Promise.all([this.calls.lastSummaryOf(lead.id), this.schedule.nextVisitOf(lead.id, now)]);
    return callerVariables({ lead, lastCallSummary, nextVisit }, now, this.config.APP_TIME_ZONE);
  }
}
