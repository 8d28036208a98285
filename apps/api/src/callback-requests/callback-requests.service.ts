import { Inject, Injectable, Logger } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE, type CallbackReceipt } from '@lead-desk/contracts';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { LiveEventsService } from '../events/live-events.service';
import { BUILT_IN_SOURCE_IDS } from '../leads/intake/built-in-sources';
import type { InboundLead } from '../leads/intake/inbound-lead';
import { LeadIntakeService } from '../leads/intake/lead-intake.service';
import { CallbackRequestLimits } from './callback-request-limits';
import { CALLBACK_FORM, callbackConsentEvidence, type RequestOrigin } from './callback-request-evidence';
import type { ValidCallbackRequest } from './inputs/callback-request.pipe';
import { nextCallInWords, TEAM_WILL_CALL } from './next-call-in-words';

/** The source of the leads the callback form makes, as leads show it. */
export const CALLBACK_SOURCE = 'web form';

/**
 * The "Request a callback" form: a person's request becomes a lead (or updates the lead with
 * the same phone or email) through the intake, with the consents they ticked (to be called; WhatsApp messages, optional), and they are told
 * when the agent will call.
 */
@Injectable()
export class CallbackRequestsService {
  private readonly logger = new Logger(CallbackRequestsService.name);

  constructor(
    private readonly database: Database,
    private readonly intake: LeadIntakeService,
    private readonly limits: CallbackRequestLimits,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(request: ValidCallbackRequest, origin: RequestOrigin): Promise<CallbackReceipt> {
    await this.limits.admitPhone(request.phone);
    const now = this.clock.now();
    // One submission proves both boxes: the same evidence for the call consent and the WhatsApp opt-in.
    const evidence = callbackConsentEvidence(request, origin, now, this.config.PRIVACY_HASH_SALT ?? '');
    const inbound: InboundLead = {
      fields: {
        name: request.name,
        phone: request.phone,
        ...(request.email && { email: request.email }),
        // The property the person asked from is what they are interested in.
        ...(request.property && { interestedIn: request.property.name }),
      },
      source: CALLBACK_SOURCE,
      // The built-in source of the form: its owner and its "the agent calls new leads" switch apply.
      sourceId: BUILT_IN_SOURCE_IDS.callbackForm,
      arrivedAt: now,
      consents: [
        { channel: 'web_form', purpose: DEFAULT_CONSENT_PURPOSE, wording: request.consentWording, evidence },
        ...(request.whatsappOptInWording !== null ? [{ channel: 'web_form' as const, purpose: WHATSAPP_CONSENT_PURPOSE, wording: request.whatsappOptInWording, evidence }] : []),
      ],
      ...(request.preferredAt && { preferredAt: request.preferredAt }),
      details: {
        form: CALLBACK_FORM,
        ...(request.property && { property: request.property.name }),
        ...(request.preferredAt && { preferredTime: request.preferredAt.toISOString() }),
      },
    };
    const outcome = await this.database.transaction((tx) => this.intake.receive(inbound, tx));
    // Once committed: the dashboards show the lead as it arrives.
    await this.liveEvents.publishAll(outcome.signals);
    return { message: nextCallInWords(outcome.firstCallAt, now, this.config.APP_TIME_ZONE), callAt: outcome.firstCallAt?.toISOString() ?? null };
  }

  /** A bot filled the hidden field: told what a person would be, nothing stored. Logged without what it typed. */
  refuseQuietly(origin: RequestOrigin): CallbackReceipt {
    this.logger.warn({ ip: origin.address }, 'A callback request filled the hidden honeypot field: answered as a success, nothing stored');
    return { message: TEAM_WILL_CALL, callAt: null };
  }
}
