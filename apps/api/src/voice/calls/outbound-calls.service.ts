import {
  BadGatewayException,
  ConflictException,
  GatewayTimeoutException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { PlacedCall } from '@lead-desk/contracts';
import type { Vapi } from '@vapi-ai/server-sdk';
import { InvalidFieldsException } from '../../common/field-errors';
import { CallEligibilityService } from '../../compliance/call-eligibility.service';
import type { Lead } from '../../database/models';
import { LeadIdentities } from '../../leads/lead-identity';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import { LiveEventsService } from '../../events/live-events.service';
import { normalizePhoneNumber } from '../../leads/phone-number';
import { canSeeLead, type LeadAccess } from '../../leads/access/lead-access';
import { LeadsRepository } from '../../leads/leads.repository';
import { type ServerSdk, VapiServerApi } from '../vapi-server-api';
import { CallsRepository } from './calls.repository';

export const NO_PHONE_MESSAGE = 'No phone number found.';
const REQUIRED = ['VAPI_PRIVATE_KEY', 'VAPI_ASSISTANT_ID', 'VAPI_PHONE_NUMBER_ID'] as const;
/** Why another agent's lead is Do Not Call, as the member of staff typing its number is told. */
const UNSEEN_LEAD_REASON = 'set on a lead you cannot see';

/** Has the agent phone a lead, through the voice platform's REST API (its official server SDK). */
@Injectable()
export class OutboundCallsService {
  private readonly logger = new Logger(OutboundCallsService.name);

  constructor(
    private readonly database: Database,
    private readonly leads: LeadsRepository,
    private readonly calls: CallsRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly eligibility: CallEligibilityService,
    private readonly vapi: VapiServerApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Phones a lead the caller can see (another agent's lead is a 404), or any number, if
   * the calling rules allow it now (409 naming the reason otherwise, kept for admins).
   */
  async place(input: { leadId: string } | { phone: string; name?: string }, access: LeadAccess, actorId: string | null = null): Promise<PlacedCall> {
    const target = await this.target(input, access);
    const number = normalizePhoneNumber(target.phone, this.config.DEFAULT_PHONE_REGION);
    if (!number) throw badRequest('phone', `${target.phone} is not a valid phone number.`);

    // A number typed in is held to the rules of the lead it belongs to, if any; of another
    // agent's lead the refusal names the rule, not the reason staff wrote on that lead.
    const lead = target.lead ?? (await this.leadWithPhone(number));
    const inSight = !lead || canSeeLead(access, lead.ownerId);
    const decision = await this.eligibility.check(inSight ? lead : { ...lead, doNotCallReason: UNSEEN_LEAD_REASON }, number);
    if (!decision.allowed) {
      await this.eligibility.recordRefusal(lead?.id ?? null, actorId, decision);
      this.logger.warn({ leadId: lead?.id, actorId, code: decision.code }, 'Outbound call refused by the calling rules');
      throw new ConflictException(decision.reason);
    }

    const missing = REQUIRED.filter((variable) => !this.config[variable]);
    if (missing.length > 0) {
      throw new ServiceUnavailableException(`Outbound calls are not configured: set ${missing.join(', ')}.`);
    }

    const created = await this.createCall(number, target.name, target.leadId);
    const call = await this.database
      .transaction(async (tx) => {
        await this.calls.lockCall(created.id, tx);
        // A status update may have raced ahead of this answer: the upsert keeps one record and its status.
        return this.calls.upsert(
          created.id,
          { leadId: target.leadId ?? null, type: 'outboundPhoneCall', status: created.status, customerNumber: number },
          { leadId: target.leadId ?? null, customerNumber: number },
          tx,
          actorId,
        );
      })
      .catch((error: unknown) => {
        // The customer is being dialled: whoever reads the log must be able to match the call.
        this.logger.error({ err: error, vapiCallId: created.id, leadId: target.leadId }, 'Call placed but its record could not be stored');
        throw error;
      });
    this.logger.log({ callId: call.id, vapiCallId: created.id, leadId: target.leadId }, 'Outbound call placed');
    await this.liveEvents.publish({ type: 'call.updated', id: call.id });
    return { id: call.id, vapiCallId: created.id, status: call.status, number };
  }

  private async target(input: { leadId: string } | { phone: string; name?: string }, access: LeadAccess) {
    if (!('leadId' in input)) return { phone: input.phone, name: input.name, leadId: undefined, lead: null };
    const lead = await this.leads.findById(input.leadId);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${input.leadId}.`);
    if (!lead.phone) throw badRequest('phone', NO_PHONE_MESSAGE);
    return { phone: lead.phone, name: lead.name, leadId: lead.id, lead };
  }

  /** The lead a number belongs to, by the webhook's and the import's rule (the oldest with that phone). */
  private async leadWithPhone(number: string): Promise<Lead | null> {
    const candidates = await this.leads.findIdentities({ ids: [], emailKeys: [], phones: [number] }, this.database.client);
    const same = new LeadIdentities(candidates).match({ phone: number });
    return candidates.find((lead) => lead.id === same?.lead.id) ?? null;
  }

  private async createCall(number: string, name: string | undefined, leadId: string | undefined): Promise<{ id: string; status: string }> {
    const { sdk, client } = await this.vapi.open();
    const request: Vapi.CreateCallDto = {
      assistantId: this.config.VAPI_ASSISTANT_ID,
      phoneNumberId: this.config.VAPI_PHONE_NUMBER_ID,
      customer: { number, ...(name ? { name } : {}) },
      // POST /call has no metadata of its own; the assistant's overrides carry ours, and
      // Vapi echoes them in every server message about the call.
      ...(leadId ? { assistantOverrides: { metadata: { leadId } } } : {}),
    };
    let answer: Vapi.CreateCallsResponse;
    try {
      answer = await client.calls.create(request);
    } catch (error) {
      throw this.platformFailure(sdk, error, leadId);
    }
    // A batch answer, or a body that is not JSON, carries no call to follow.
    const call = typeof answer === 'object' && answer !== null && 'id' in answer ? answer : undefined;
    if (typeof call?.id !== 'string') {
      this.logger.error({ leadId, answer }, 'Voice platform answered without a call id');
      throw new BadGatewayException('The voice platform answered without a call id.');
    }
    return { id: call.id, status: call.status ?? 'queued' };
  }

  private platformFailure({ VapiError, VapiTimeoutError }: ServerSdk, error: unknown, leadId: string | undefined): Error {
    if (isTimeout(error, VapiError, VapiTimeoutError)) {
      this.logger.error({ leadId, timeoutSeconds: this.config.VAPI_TIMEOUT_SECONDS }, 'Voice platform timed out creating a call');
      return new GatewayTimeoutException(`The voice platform did not answer within ${this.config.VAPI_TIMEOUT_SECONDS} s.`);
    }
    const status = error instanceof VapiError ? error.statusCode : undefined;
    const quoted = messageOf(error instanceof VapiError ? error.body : undefined) ?? (error instanceof Error ? error.message : String(error));
    // A platform that quotes the credential it got back must not carry the key to the browser or the log.
    const platformMessage = this.vapi.redact(quoted);
    this.logger.error({ leadId, status, platformMessage }, 'Voice platform refused to create a call');
    return new BadGatewayException(`The voice platform refused the call: ${platformMessage}`);
  }
}

/**
 * SDK 2.0.1 reports its own timeout as a plain VapiError whose cause is "timeout"
 * (the abort reason) rather than as VapiTimeoutError; both mean the platform did not answer.
 */
function isTimeout(error: unknown, VapiError: ServerSdk['VapiError'], VapiTimeoutError: ServerSdk['VapiTimeoutError']): boolean {
  if (error instanceof VapiTimeoutError) return true;
  return error instanceof VapiError && error.statusCode === undefined && error.cause === 'timeout';
}

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : undefined;
}

/** A 400 whose message is the field's own, as the dashboard shows it. */
function badRequest(field: string, message: string): InvalidFieldsException {
  return new InvalidFieldsException([{ field, message }], message);
}
