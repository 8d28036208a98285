import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'callbackCadence' | 'callAttempt'>;

/** A lead's open cadence and the time of its next call, if one is scheduled. */
export interface OpenCadence {
  id: string;
  nextCallAt: Date | null;
}

/** The only place that writes callback_cadences and call_attempts. */
@Injectable()
export class CallbackCadencesRepository {
  /** The lead's open cadence (at most one: open_lead_id is unique). */
  async findOpen(leadId: string, db: Db): Promise<OpenCadence | null> {
    const cadence = await db.callbackCadence.findUnique({
      where: { openLeadId: leadId },
      select: { id: true, attempts: { where: { state: 'scheduled' }, orderBy: { number: 'asc' }, take: 1, select: { dueAt: true } } },
    });
    return cadence && { id: cadence.id, nextCallAt: cadence.attempts[0]?.dueAt ?? null };
  }

  /** Opens the lead's cadence with its first attempt due at `dueAt`. */
  async begin(leadId: string, { source, steps, preferredAt, dueAt, note }: { source: string; steps: string; preferredAt: Date | null; dueAt: Date; note: string | null }, db: Db): Promise<OpenCadence> {
    const cadence = await db.callbackCadence.create({
      data: { leadId, openLeadId: leadId, source, steps, preferredAt, attempts: { create: { leadId, number: 1, dueAt, note } } },
      select: { id: true },
    });
    return { id: cadence.id, nextCallAt: dueAt };
  }
}
