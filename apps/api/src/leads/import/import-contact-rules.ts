import { Injectable } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE, type ConsentEvidence } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../../activity/activity-entry';
import { ConsentWithdrawals } from '../../compliance/consent-withdrawals';
import { ConsentsRepository } from '../../compliance/consents.repository';
import { MARKED_IN_AN_IMPORT } from '../../compliance/do-not-call-reasons';
import type { TransactionClient } from '../../database/prisma-client';
import { LeadsRepository } from '../leads.repository';
import type { ImportContact } from './import-rows';

const IMPORTED_CONSENT_WORDING = 'Consent column of an imported file';

/** A row's Consent and Do Not Call cells, with the lead the row wrote. */
export type ImportedContact = ImportContact & { leadId: string; line: number };

/**
 * An imported row's Consent and Do Not Call cells, applied in the import batch's
 * transaction. "Consent: yes" records a consent (channel import; evidence: the file and
 * its line) unless the lead has a standing one; "no" withdraws the standing ones. "Do Not
 * Call: yes" sets it with the reason "Marked in an import"; "no" leaves it as it is (only
 * staff clear it, with PATCH).
 */
@Injectable()
export class ImportContactRules {
  constructor(
    private readonly consents: ConsentsRepository,
    private readonly withdrawals: ConsentWithdrawals,
    private readonly leads: LeadsRepository,
  ) {}

  async apply(rows: ImportedContact[], fileName: string, actorId: string | null, db: TransactionClient): Promise<NewActivity[]> {
    const entries: NewActivity[] = [];
    const evidence = (line: number): ConsentEvidence => ({ kind: 'import', file: fileName, row: line });
    for (const { leadId, line, consent, doNotCall } of rows) {
      if (consent === true && (await this.consents.standingIds(leadId, db)).length === 0) {
        const created = await this.consents.create(
          { leadId, channel: 'import', purpose: DEFAULT_CONSENT_PURPOSE, wording: IMPORTED_CONSENT_WORDING, givenAt: new Date(), evidence: evidence(line) },
          db,
        );
        entries.push(activity(leadId, 'consent_given', { consentId: created.id, channel: 'import', purpose: DEFAULT_CONSENT_PURPOSE }, actorId));
      }
      if (consent === false) entries.push(...(await this.withdrawals.withdrawStanding(leadId, { at: new Date(), via: 'import', evidence: evidence(line) }, actorId, db)));
      if (doNotCall === true && (await this.leads.markDoNotCall(leadId, MARKED_IN_AN_IMPORT, db))) {
        entries.push(activity(leadId, 'do_not_call_changed', { doNotCall: true, reason: MARKED_IN_AN_IMPORT }, actorId));
      }
    }
    return entries;
  }
}
