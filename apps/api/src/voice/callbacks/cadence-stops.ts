import { Injectable } from '@nestjs/common';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import type { StoredCallbackCadence } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { CallbackCadencesRepository } from './callback-cadences.repository';
import { cadenceActivity } from './cadence-activity';

/** Why a cadence stops, in the words the lead's timeline and the cadence keep. */
export const STOP_REASONS = {
  doNotCall: 'Marked Do Not Call',
  calledByStaff: 'Called by staff',
  takenByStaff: 'Taken by a member of staff',
  movedTo: (stage: string) => `Moved to ${stage}`,
} as const;

/**
 * Stops a lead's open cadence at once, inside the transaction of the write that is the
 * reason (Do Not Call, a won or lost stage, a staff call, a member taking the lead): no
 * further call, a waiting attempt cancelled, and the timeline says why.
 */
@Injectable()
export class CadenceStops {
  constructor(
    private readonly cadences: CallbackCadencesRepository,
    private readonly activities: LeadActivityRepository,
  ) {}

  /** False when the lead had no open cadence. */
  async stop(leadId: string, reason: string, actorId: string | null, tx: TransactionClient, now = new Date()): Promise<boolean> {
    const cadence = await this.cadences.findOpenCadence(leadId, tx);
    return cadence !== null && this.end(cadence, reason, actorId, tx, now);
  }

  /** Stops the open cadences of many leads (a bulk job's batch, an import's rows) with one lookup; how many stopped. */
  async stopMany(leadIds: string[], reason: string, actorId: string | null, tx: TransactionClient, now = new Date()): Promise<number> {
    let stopped = 0;
    for (const cadence of await this.cadences.findOpenCadences(leadIds, tx)) if (await this.end(cadence, reason, actorId, tx, now)) stopped += 1;
    return stopped;
  }

  private async end(cadence: StoredCallbackCadence, reason: string, actorId: string | null, tx: TransactionClient, now: Date): Promise<boolean> {
    if (!(await this.cadences.end(cadence.id, 'stopped', reason, now, tx))) return false;
    const cancelled = await this.cadences.cancelScheduled(cadence.id, reason, tx);
    const waiting = cancelled.length > 0 ? ` (attempt ${cancelled.join(', ')} cancelled)` : '';
    await this.activities.append([cadenceActivity(cadence, null, 'stopped', `The agent's calls stopped: ${reason}${waiting}`, actorId)], tx, now);
    return true;
  }
}
