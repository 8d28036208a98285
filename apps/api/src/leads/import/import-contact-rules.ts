import { Injectable } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE, type ConsentEvidence, type ImportMatchMode } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../../activity/activity-entry';
import { ConsentWithdrawals } from '../../compliance/consent-withdrawals';
import { ConsentsRepository, type ConsentScope, type ConsentState } from '../../compliance/consents.repository';
import { MARKED_IN_AN_IMPORT } from '../../compliance/do-not-call-reasons';
import type { TransactionClient } from '../../database/prisma-client';
import { LeadsRepository } from '../leads.repository';
import type { ImportContact } from './import-rows';
import { CadenceStops, STOP_REASONS } from '../../voice/callbacks/cadence-stops';

const IMPORTED_CONSENT_WORDING = 'Consent column of an imported file';
const IMPORTED_WHATSAPP_OPT_IN_WORDING = 'WhatsApp opt-in column of an imported file';

/** Each yes/no column of consent: the consents it records and withdraws, and the words they keep. */
export const CONSENT_COLUMNS = [
  { cell: 'consent', scope: 'calls', purpose: DEFAULT_CONSENT_PURPOSE, wording: IMPORTED_CONSENT_WORDING },
  { cell: 'whatsappOptIn', scope: 'whatsapp', purpose: WHATSAPP_CONSENT_PURPOSE, wording: IMPORTED_WHATSAPP_OPT_IN_WORDING },
] as const satisfies readonly { cell: keyof ImportContact; scope: ConsentScope; purpose: string; wording: string }[];

/** A consent column's cell, by its name in the row's contact and in the preview's changes. */
export type ConsentCell = (typeof CONSENT_COLUMNS)[number]['cell'];

/** A row's Consent, Do Not Call and WhatsApp opt-in cells, with the lead the row wrote. */
export type ImportedContact = ImportContact & { leadId: string; line: number };

/** A row's Consent (or WhatsApp opt-in) cell over a lead's consents of that kind: a consent to record, the standing ones to withdraw, or a withdrawn consent the row would give again and does not. */
export type ConsentAction = 'record' | 'withdraw' | 'kept';

/**
 * A "no" always withdraws a standing consent (the person asked not to be contacted, as a
 * "yes" under Do Not Call always sets it); a "yes" records a consent for a lead that never
 * gave one, and for a lead whose consents are all withdrawn only with onMatch `overwrite`:
 * a stale file must not undo a person's withdrawal unseen.
 */
export function consentAction(state: ConsentState, consent: boolean | undefined, onMatch: ImportMatchMode): ConsentAction | undefined {
  if (consent === false) return state === 'standing' ? 'withdraw' : undefined;
  if (consent !== true || state === 'standing') return undefined;
  return state === 'none' || onMatch === 'overwrite' ? 'record' : 'kept';
}

/**
 * An imported row's Consent, WhatsApp opt-in and Do Not Call cells, applied in the import
 * batch's transaction, each row over the lead as the rows before it left it (consentAction,
 * for each kind of consent apart): a recorded consent (to be called, or a WhatsApp opt-in) has
 * channel import and evidence the file and its line; a withdrawal withdraws the standing ones
 * of its kind. "Do Not Call: yes" sets it with the reason "Marked in an
 * import"; "no" leaves it as it is (only staff clear it, with PATCH).
 */
@Injectable()
export class ImportContactRules {
  constructor(
    private readonly consents: ConsentsRepository,
    private readonly withdrawals: ConsentWithdrawals,
    private readonly leads: LeadsRepository,
    private readonly cadenceStops: CadenceStops,
  ) {}

  async apply(rows: ImportedContact[], fileName: string, onMatch: ImportMatchMode, actorId: string | null, db: TransactionClient): Promise<NewActivity[]> {
    const entries: NewActivity[] = [];
    const evidence = (line: number): ConsentEvidence => ({ kind: 'import', file: fileName, row: line });
    for (const row of rows) {
      const { leadId, line, doNotCall } = row;
      for (const { cell, scope, purpose, wording } of CONSENT_COLUMNS) {
        const given = row[cell];
        const action = given === undefined ? undefined : consentAction(await this.consents.stateOf(leadId, db, scope), given, onMatch);
        if (action === 'record') {
          const created = await this.consents.create({ leadId, channel: 'import', purpose, wording, givenAt: new Date(), evidence: evidence(line) }, db);
          entries.push(activity(leadId, 'consent_given', { consentId: created.id, channel: 'import', purpose }, actorId));
        }
        // A "no" to calls is not a "no" to WhatsApp, nor the other way round.
        if (action === 'withdraw') entries.push(...(await this.withdrawals.withdrawStanding(leadId, { at: new Date(), via: 'import', evidence: evidence(line) }, actorId, db, scope)));
      }
      if (doNotCall === true && (await this.leads.markDoNotCall(leadId, MARKED_IN_AN_IMPORT, db))) {
        entries.push(activity(leadId, 'do_not_call_changed', { doNotCall: true, reason: MARKED_IN_AN_IMPORT }, actorId));
        await this.cadenceStops.stop(leadId, STOP_REASONS.doNotCall, actorId, db);
      }
    }
    return entries;
  }
}
