import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'leadResponseTime'>;

/** The only place that writes lead_response_times. */
@Injectable()
export class LeadResponseTimesRepository {
  /** When a lead just made arrived, by its source's own clock where it sends one (over the time it was written, if that is recorded already). */
  async recordArrival(leadId: string, source: string, arrivedAt: Date, db: Db): Promise<void> {
    await db.leadResponseTime.upsert({ where: { leadId }, create: { leadId, source, arrivedAt }, update: { source, arrivedAt } });
  }
}
