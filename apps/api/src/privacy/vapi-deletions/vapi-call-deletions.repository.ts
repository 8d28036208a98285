import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'vapiCallDeletion'>;

export interface DeletionRequest {
  vapiCallId: string;
  reason: 'erasure' | 'retention';
  erasureId: string | null;
}

/** The only place that queries vapi_call_deletions: the outbox of Vapi deletions, until each is confirmed. */
@Injectable()
export class VapiCallDeletionsRepository {
  constructor(private readonly database: Database) {}

  /** Asks for the deletions in the caller's transaction: a committed erasure or purge always has them. A call asked for before is asked for again. */
  async request(requests: DeletionRequest[], db: Db, now: Date): Promise<void> {
    if (requests.length === 0) return;
    const vapiCallIds = requests.map(({ vapiCallId }) => vapiCallId);
    await db.vapiCallDeletion.deleteMany({ where: { vapiCallId: { in: vapiCallIds } } });
    await db.vapiCallDeletion.createMany({ data: requests.map((request) => ({ ...request, requestedAt: now, nextAttemptAt: now })) });
  }

  /** Deletions not confirmed whose next attempt is due. */
  due(now: Date, limit: number): Promise<{ vapiCallId: string; attempts: number; nextAttemptAt: Date }[]> {
    return this.database.client.vapiCallDeletion.findMany({
      where: { confirmedAt: null, nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: 'asc' },
      take: limit,
      select: { vapiCallId: true, attempts: true, nextAttemptAt: true },
    });
  }

  /**
   * Takes a due deletion for this process until `until`, by a conditional write: of several
   * processes reading it due, one wins; a process that dies holding it lets it fall due again.
   */
  async claim(deletion: { vapiCallId: string; nextAttemptAt: Date }, until: Date): Promise<boolean> {
    const { count } = await this.database.client.vapiCallDeletion.updateMany({
      where: { vapiCallId: deletion.vapiCallId, confirmedAt: null, nextAttemptAt: deletion.nextAttemptAt },
      data: { nextAttemptAt: until },
    });
    return count === 1;
  }

  async confirm(vapiCallId: string, confirmation: Record<string, unknown>, at: Date): Promise<void> {
    await this.database.client.vapiCallDeletion.update({
      where: { vapiCallId },
      data: { confirmedAt: at, confirmation: JSON.stringify(confirmation), lastError: null, attempts: { increment: 1 } },
    });
  }

  async failed(vapiCallId: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.database.client.vapiCallDeletion.update({ where: { vapiCallId }, data: { lastError: error, nextAttemptAt, attempts: { increment: 1 } } });
  }

  forErasure(erasureId: string) {
    return this.database.client.vapiCallDeletion.findMany({ where: { erasureId }, orderBy: { vapiCallId: 'asc' } });
  }
}
