import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { CallEligibilityService } from '../../compliance/call-eligibility.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { CadenceStops } from './cadence-stops';
import { CallbackCadencesRepository } from './callback-cadences.repository';
import { cadenceActivity } from './cadence-activity';

/** Person-level refusals: no later time changes them, so no cadence is opened (and an open one stops). */
const NEVER_CALLED = new Set(['do_not_call', 'dnd_list', 'no_consent']);

/** When the agent will call a lead that just arrived, or why it will not. */
export interface FirstCall {
  firstCallAt: Date | null;
  callNote: string | null;
}

/**
 * Opens a new lead's cadence, inside the transaction that wrote the lead: one per lead (a
 * lead with an open cadence keeps it), its first call AUTO_CALLBACK_DELAY_SECONDS after
 * arrival or at the preferred time if later, moved to the next allowed time outside calling
 * hours; never for Do Not Call, the DND list or (with REQUIRE_CONSENT) no consent, which
 * also stop a cadence already open; nor for a number another lead's open cadence calls already. The timeline says when the agent will call, or why it waits.
 */
@Injectable()
export class CadenceOpening {
  constructor(
    private readonly cadences: CallbackCadencesRepository,
    private readonly stops: CadenceStops,
    private readonly eligibility: CallEligibilityService,
    private readonly activities: LeadActivityRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(lead: Lead, { source, preferredAt }: { source: string; preferredAt?: Date }, now: Date, db: TransactionClient): Promise<FirstCall> {
    const delayed = new Date(now.getTime() + this.config.AUTO_CALLBACK_DELAY_SECONDS * 1000);
    const wanted = preferredAt && preferredAt > delayed ? preferredAt : delayed;
    const decision = await this.eligibility.checkAt(lead, lead.phone, wanted, db);
    if (!decision.allowed && NEVER_CALLED.has(decision.code!)) {
      await this.stops.stop(lead.id, decision.reason!, null, db, now);
      return { firstCallAt: null, callNote: decision.reason };
    }
    const open = await this.cadences.findOpen(lead.id, db);
    if (open) return { firstCallAt: open.nextCallAt, callNote: null };
    if (!lead.phone) return { firstCallAt: null, callNote: 'No phone number to call.' };
    // Another lead of the same number (a possible duplicate: another name on it) is being called already: one person, one cadence.
    const sameNumber = await this.cadences.findOpenForPhone(lead.phone, db);
    if (sameNumber) return { firstCallAt: sameNumber.nextCallAt, callNote: 'The agent is calling this number already, for another lead with it.' };
    const dueAt = decision.allowed ? wanted : decision.nextAllowedAt ? new Date(decision.nextAllowedAt) : null;
    if (!dueAt) return { firstCallAt: null, callNote: decision.reason };
    const note = decision.allowed ? null : decision.reason;
    const steps = this.config.CALLBACK_CADENCE.text;
    const cadence = await this.cadences.begin(lead.id, { source, steps, preferredAt: preferredAt ?? null, dueAt, note }, db);
    const at = DateTime.fromJSDate(dueAt, { zone: this.config.APP_TIME_ZONE }).toFormat('d LLL yyyy, HH:mm');
    const text = `The agent will call at ${at}${note ? `: ${note}` : ''}`;
    await this.activities.append([cadenceActivity({ id: cadence.id, leadId: lead.id, steps }, 1, 'scheduled', text)], db, now);
    return { firstCallAt: dueAt, callNote: note };
  }
}
