import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { PlacedCall } from '@lead-desk/contracts';
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
import { CadenceStops, STOP_REASONS } from '../callbacks/cadence-stops';
import { CallsRepository } from './calls.repository';
import { CallCreationFailed, VapiCalls } from './vapi-calls';

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
    private readonly vapiCalls: VapiCalls,
    private readonly cadenceStops: CadenceStops,
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

    const created = await this.vapiCalls.create(number, target.name, target.leadId).catch((error: unknown) => {
      throw error instanceof CallCreationFailed ? error.httpError : error;
    });
    const call = await this.database
      .transaction(async (tx) => {
        await this.calls.lockCall(created.id, tx);
        // Staff phoned the lead themselves: the agent's cadence for it stops.
        if (lead) await this.cadenceStops.stop(lead.id, STOP_REASONS.calledByStaff, actorId, tx);
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
}

/** A 400 whose message is the field's own, as the dashboard shows it. */
function badRequest(field: string, message: string): InvalidFieldsException {
  return new InvalidFieldsException([{ field, message }], message);
}
