import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';
import { LeadIntakeService } from '../../leads/intake/lead-intake.service';
import { leadWithPhone } from '../../leads/identity/lead-with-phone';
import { LeadIdentities } from '../../leads/lead-identity';
import { VOICE_BOT_SOURCE } from '../../leads/lead-sources';
import { LeadsRepository } from '../../leads/leads.repository';
import { normalizePhoneNumber } from '../../leads/phone-number';
import { CallsRepository } from '../calls/calls.repository';
import { UNKNOWN_CALLER } from '../webhooks/end-of-call-report';
import type { CallOfRequest } from './server-request-message';

/** The caller's lead, and what making it (if it was made here) is to announce once committed. */
export interface CallerLead {
  lead: Lead;
  signals: LiveEventSignal[];
}

/**
 * Who is on a call, as the end-of-call report will find them: the lead of the stored call
 * record, else the lead an outbound call was placed for (its metadata), else the caller's
 * number by the identity rule (the oldest lead with that phone). A caller we do not know yet
 * gets their lead made by the intake (the voice bot's source, routed, named "Unknown caller"
 * until the report brings their name; no callback, they are on the line), and the call record
 * is tied to it, so the report then updates that lead instead of making another.
 */
@Injectable()
export class CallerLeads {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly calls: CallsRepository,
    private readonly intake: LeadIntakeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller's number in E.164, if the call gives one that reads as a phone number. */
  callerPhone(call: CallOfRequest): string | null {
    return call.customerNumber ? normalizePhoneNumber(call.customerNumber, this.config.DEFAULT_PHONE_REGION) : null;
  }

  /** The oldest lead with this number (the identity rule, when no name is known yet). */
  findByPhone(phone: string): Promise<Lead | null> {
    return leadWithPhone(this.leads, phone);
  }

  /** The caller's lead, or null when the call does not say who it is and no lead has their number. */
  async find(call: CallOfRequest, db: Pick<TransactionClient, 'call' | 'lead' | 'stage' | '$queryRaw' | '$executeRaw'>): Promise<Lead | null> {
    const [stored] = call.vapiCallId ? await this.calls.findByVapiIds([call.vapiCallId], db) : [];
    const phone = this.callerPhone(call);
    const candidates = await this.leads.findIdentities({ ids: [stored?.leadId, call.leadId].filter((id): id is string => !!id), emailKeys: [], phones: phone ? [phone] : [] }, db);
    const byId = new Map(candidates.map((lead) => [lead.id, lead]));
    const known = (stored?.leadId && byId.get(stored.leadId)) || (call.leadId && byId.get(call.leadId));
    if (known) return known;
    if (!phone) return null;
    const match = new LeadIdentities(candidates).match({ phone });
    return match?.kind === 'same' ? (byId.get(match.lead.id) ?? null) : null;
  }

  /**
   * The caller's lead, made through the intake if there is none (null when the call gives no
   * number to make it with). Runs inside the caller's transaction, which holds the call's lock;
   * the identity's lock is taken before looking again, as every other path that makes leads does.
   */
  async findOrCreate(call: CallOfRequest, db: TransactionClient): Promise<CallerLead | null> {
    const found = await this.find(call, db);
    if (found) return { lead: found, signals: [] };
    const phone = this.callerPhone(call);
    if (!phone) return null;
    await this.leads.lockIdentities([{ phone }], db);
    // Another call of the same caller may have made it while this one waited for the lock.
    const madeMeanwhile = await this.find(call, db);
    if (madeMeanwhile) return { lead: madeMeanwhile, signals: [] };

    const outcome = await this.intake.receive({ fields: { name: UNKNOWN_CALLER, phone }, source: VOICE_BOT_SOURCE, sourceId: null, onCallWithAgent: true }, db);
    if (call.vapiCallId) await this.tieCall(call, outcome.leadId, db);
    const [lead] = await this.leads.findIdentities({ ids: [outcome.leadId], emailKeys: [], phones: [] }, db);
    return { lead, signals: outcome.signals };
  }

  /** The call record names the lead: its report, status updates and timeline entry go to it. */
  private async tieCall(call: CallOfRequest, leadId: string, db: TransactionClient): Promise<void> {
    await this.calls.upsert(
      call.vapiCallId!,
      { leadId, status: 'in-progress', type: call.type, customerNumber: this.callerPhone(call) },
      { leadId },
      db,
    );
  }
}
