import { Inject, Injectable } from '@nestjs/common';
import type { CallEligibility } from '@lead-desk/contracts';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Lead } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { decideCallEligibility, type CallingRules } from './call-eligibility';
import { CallRefusalsRepository } from './call-refusals.repository';
import { ConsentsRepository } from './consents.repository';
import { DndListRepository } from './dnd-list.repository';

/** Gathers what decideCallEligibility needs about a lead or a number, now, and records refusals. */
@Injectable()
export class CallEligibilityService {
  private readonly rules: CallingRules;

  constructor(
    private readonly consents: ConsentsRepository,
    private readonly dndList: DndListRepository,
    private readonly refusals: CallRefusalsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = {
      requireConsent: config.REQUIRE_CONSENT,
      callingHours: config.CALLING_HOURS,
      holidays: config.CALLING_HOLIDAYS,
      timeZone: config.APP_TIME_ZONE,
    };
  }

  /**
   * Whether `number` (E.164) may be phoned now, for `lead` when the call is about one (a
   * number with no lead has no consent on record). The scrub list is read at this moment,
   * so a list uploaded after the lead was written still applies.
   */
  check(lead: Pick<Lead, 'id' | 'doNotCall' | 'doNotCallReason'> | null, number: string | null): Promise<CallEligibility> {
    return this.checkAt(lead, number, this.clock.now());
  }

  /** Whether the call may be placed at `at`, by what is known now; `db` to read inside a transaction (a consent it recorded counts). */
  async checkAt(lead: Pick<Lead, 'id' | 'doNotCall' | 'doNotCallReason'> | null, number: string | null, at: Date, db?: TransactionClient): Promise<CallEligibility> {
    const [onDndList, hasConsent] = await Promise.all([
      number ? this.dndList.contains(number, db) : false,
      lead ? this.consents.hasStanding(lead.id, db) : false,
    ]);
    return decideCallEligibility(
      { doNotCall: lead?.doNotCall ?? false, doNotCallReason: lead?.doNotCallReason ?? null, onDndList, hasConsent },
      this.rules,
      at,
    );
  }

  /** Keeps who was refused a call, about which lead, why and when, for admins. */
  async recordRefusal(leadId: string | null, actorId: string | null, decision: CallEligibility): Promise<void> {
    await this.refusals.append({ leadId, actorId, code: decision.code!, reason: decision.reason!, at: this.clock.now() });
  }
}
