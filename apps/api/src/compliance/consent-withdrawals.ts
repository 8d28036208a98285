import { Injectable } from '@nestjs/common';
import type { ConsentChannel, ConsentEvidence } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../activity/activity-entry';
import type { TransactionClient } from '../database/prisma-client';
import { ConsentsRepository, type ConsentScope } from './consents.repository';

/**
 * A person's "no" to being contacted, however it arrived (on a call, in an imported file, a
 * STOP on WhatsApp): every consent of theirs still standing (of the scope, when the "no" is to
 * one kind of contact) is withdrawn, with the same evidence, inside the caller's transaction; the
 * answer is one activity entry per consent withdrawn.
 */
@Injectable()
export class ConsentWithdrawals {
  constructor(private readonly consents: ConsentsRepository) {}

  async withdrawStanding(
    leadId: string,
    withdrawal: { at: Date; via: ConsentChannel; evidence: ConsentEvidence },
    actorId: string | null,
    db: Pick<TransactionClient, 'leadConsent'>,
    scope?: ConsentScope,
  ): Promise<NewActivity[]> {
    const entries: NewActivity[] = [];
    for (const consentId of await this.consents.standingIds(leadId, db, scope)) {
      await this.consents.withdraw(consentId, withdrawal, db);
      entries.push(activity(leadId, 'consent_withdrawn', { consentId, via: withdrawal.via }, actorId));
    }
    return entries;
  }
}
