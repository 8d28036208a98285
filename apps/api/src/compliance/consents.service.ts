import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ConsentChannel, ConsentEvidence, LeadConsent, NewConsent, ConsentWithdrawal } from '@lead-desk/contracts';
import { activity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import type { StaffPrincipal } from '../auth/staff-session';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import { LiveEventsService } from '../events/live-events.service';
import { canSeeLead, leadAccessOf } from '../leads/access/lead-access';
import { ConsentsRepository, type NewConsentRecord } from './consents.repository';
import { toLeadConsentOutput } from './outputs/lead-consent.output';

type ValidNewConsent = Omit<NewConsent, 'purpose'> & { purpose: string };
type ValidWithdrawal = { via: ConsentChannel; note?: string | null };

/**
 * A lead's consents to be contacted: staff record one the person gave them, anyone who
 * sees the lead withdraws one (by the channel the person used). Each change appends its
 * activity entry in the same transaction; a withdrawal keeps the consent and its evidence.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly database: Database,
    private readonly consents: ConsentsRepository,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
  ) {}

  async list(leadId: string, staff: StaffPrincipal | undefined): Promise<LeadConsent[]> {
    await visibleLead(leadId, staff, this.database.client);
    return (await this.consents.listForLead(leadId)).map(toLeadConsentOutput);
  }

  /** Staff record a consent given to them: the evidence is who recorded it and their note. */
  async recordByStaff(leadId: string, input: ValidNewConsent, staff: StaffPrincipal | undefined): Promise<LeadConsent> {
    const consent = await this.database.transaction(async (tx) => {
      await visibleLead(leadId, staff, tx);
      return this.record(
        {
          leadId,
          channel: 'staff',
          purpose: input.purpose,
          wording: input.wording,
          givenAt: input.givenAt ? new Date(input.givenAt) : this.clock.now(),
          evidence: { kind: 'staff', staffId: staff?.id ?? null, note: input.note ?? null },
        },
        staff?.id ?? null,
        tx,
      );
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
    return toLeadConsentOutput(consent);
  }

  async withdraw(leadId: string, consentId: string, input: ValidWithdrawal | ConsentWithdrawal, staff: StaffPrincipal | undefined): Promise<LeadConsent> {
    const via = input.via ?? 'staff';
    const consent = await this.database.transaction(async (tx) => {
      await visibleLead(leadId, staff, tx);
      const current = await this.consents.find(leadId, consentId, tx);
      if (!current) throw new NotFoundException(`No consent with id ${consentId} on lead ${leadId}.`);
      const evidence: ConsentEvidence = { kind: 'staff', staffId: staff?.id ?? null, note: input.note ?? null };
      if (!(await this.consents.withdraw(consentId, { at: this.clock.now(), via, evidence }, tx))) {
        throw new ConflictException(`The consent ${consentId} was already withdrawn.`);
      }
      await this.activities.append([activity(leadId, 'consent_withdrawn', { consentId, via }, staff?.id ?? null)], tx);
      return (await this.consents.find(leadId, consentId, tx))!;
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
    return toLeadConsentOutput(consent);
  }

  /** Records a consent and its activity entry inside the caller's transaction (the webhook's, the import's or this service's). */
  async record(consent: NewConsentRecord, actorId: string | null, tx: Pick<TransactionClient, 'leadConsent' | '$executeRaw' | 'accessLogEntry'>) {
    const created = await this.consents.create(consent, tx);
    await this.activities.append([activity(consent.leadId, 'consent_given', { consentId: created.id, channel: consent.channel, purpose: consent.purpose }, actorId)], tx);
    return created;
  }
}

/** A lead out of the viewer's sight (another agent's) is answered as missing. */
async function visibleLead(leadId: string, staff: StaffPrincipal | undefined, db: Pick<TransactionClient, 'lead'>): Promise<void> {
  const lead = await db.lead.findUnique({ where: { id: leadId }, select: { ownerId: true } });
  if (!lead || !canSeeLead(leadAccessOf(staff), lead.ownerId)) throw new NotFoundException(`No lead with id ${leadId}.`);
}
