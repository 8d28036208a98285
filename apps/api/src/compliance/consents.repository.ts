import { Injectable } from '@nestjs/common';
import { WHATSAPP_CONSENT_PURPOSE, type ConsentChannel, type ConsentEvidence } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'leadConsent'>;

export interface NewConsentRecord {
  leadId: string;
  channel: ConsentChannel;
  purpose: string;
  wording: string;
  givenAt: Date;
  evidence: ConsentEvidence;
  /** The call record it was given on, for a consent given on a call. */
  callId?: string;
}

/** Whether one of a lead's consents stands, every one it gave is withdrawn, or it never gave one. */
export type ConsentState = 'standing' | 'withdrawn' | 'none';

/** What a consent allows: being called (any purpose but WhatsApp's), or WhatsApp messages (purpose "whatsapp"). */
export type ConsentScope = 'calls' | 'whatsapp';

const PURPOSES_OF: Record<ConsentScope, { purpose: string | { not: string } }> = {
  calls: { purpose: { not: WHATSAPP_CONSENT_PURPOSE } },
  whatsapp: { purpose: WHATSAPP_CONSENT_PURPOSE },
};

/** The only place that queries lead_consents. A withdrawal is an update of its own columns: a consent is never deleted but with its lead. */
@Injectable()
export class ConsentsRepository {
  constructor(private readonly database: Database) {}

  /** A lead's consents, newest first (served by lead_consents_lead_id_given_at_idx). */
  listForLead(leadId: string, db: Db = this.database.client) {
    return db.leadConsent.findMany({ where: { leadId }, orderBy: [{ givenAt: 'desc' }, { id: 'desc' }] });
  }

  find(leadId: string, consentId: string, db: Db = this.database.client) {
    return db.leadConsent.findFirst({ where: { id: consentId, leadId } });
  }

  /** Whether the lead has a consent of the scope that is not withdrawn. */
  async hasStanding(leadId: string, db: Db = this.database.client, scope: ConsentScope = 'calls'): Promise<boolean> {
    return (await db.leadConsent.findFirst({ where: { leadId, withdrawnAt: null, ...PURPOSES_OF[scope] }, select: { id: true } })) !== null;
  }

  async stateOf(leadId: string, db: Db = this.database.client, scope: ConsentScope = 'calls'): Promise<ConsentState> {
    return (await this.statesOf([leadId], db, scope)).get(leadId) ?? 'none';
  }

  /** Each of these leads' ConsentState in the scope; a lead that never gave such a consent is left out (none). One query, served by lead_consents_lead_id_given_at_idx. */
  async statesOf(leadIds: string[], db: Db = this.database.client, scope: ConsentScope = 'calls'): Promise<Map<string, ConsentState>> {
    const states = new Map<string, ConsentState>();
    if (leadIds.length === 0) return states;
    for (const { leadId, withdrawnAt } of await db.leadConsent.findMany({ where: { leadId: { in: leadIds }, ...PURPOSES_OF[scope] }, select: { leadId: true, withdrawnAt: true } })) {
      if (states.get(leadId) !== 'standing') states.set(leadId, withdrawnAt === null ? 'standing' : 'withdrawn');
    }
    return states;
  }

  create(consent: NewConsentRecord, db: Db) {
    return db.leadConsent.create({ data: { ...consent, evidence: JSON.stringify(consent.evidence) } });
  }

  /** Whether a consent of this purpose from this call is recorded for the lead already (a report delivered again). */
  async existsForCall(leadId: string, callId: string, purpose: string, db: Db): Promise<boolean> {
    return (await db.leadConsent.findFirst({ where: { leadId, callId, purpose }, select: { id: true } })) !== null;
  }

  /** The ids of the lead's consents that are not withdrawn: of the scope, or of every purpose. */
  async standingIds(leadId: string, db: Db, scope?: ConsentScope): Promise<string[]> {
    return (await db.leadConsent.findMany({ where: { leadId, withdrawnAt: null, ...(scope ? PURPOSES_OF[scope] : {}) }, select: { id: true } })).map(({ id }) => id);
  }

  /** Marks the consent withdrawn unless it already is; false when another request withdrew it first. */
  async withdraw(consentId: string, withdrawal: { at: Date; via: ConsentChannel; evidence: ConsentEvidence }, db: Db): Promise<boolean> {
    const { count } = await db.leadConsent.updateMany({
      where: { id: consentId, withdrawnAt: null },
      data: { withdrawnAt: withdrawal.at, withdrawnVia: withdrawal.via, withdrawnEvidence: JSON.stringify(withdrawal.evidence) },
    });
    return count === 1;
  }
}
