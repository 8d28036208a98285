import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'vapiDeletion'>;

/** What Vapi deletes: a call (DELETE /call/{id}) or a chat's session (DELETE /session/{id}). */
export type VapiResource = 'call' | 'session';

export interface DeletionRequest {
  resource: VapiResource;
  vapiId: string;
  reason: 'erasure' | 'retention';
  erasureId: string | null;
}

/** A deletion not yet confirmed, as a round of the deleter reads it. */
export interface DueDeletion {
  vapiId: string;
  resource: VapiResource;
  attempts: number;
  nextAttemptAt: Date;
}

/** The only place that queries vapi_deletions: the outbox of Vapi deletions (calls, chat sessions), until each is confirmed. */
@Injectable()
export class VapiDeletionsRepository {
  constructor(private readonly database: Database) {}

  /** Asks for the deletions in the caller's transaction: a committed erasure or purge always has them. One asked for before is asked for again. */
  async request(requests: DeletionRequest[], db: Db, now: Date): Promise<void> {
    if (requests.length === 0) return;
    await db.vapiDeletion.deleteMany({ where: { vapiId: { in: requests.map(({ vapiId }) => vapiId) } } });
    await db.vapiDeletion.createMany({ data: requests.map((request) => ({ ...request, requestedAt: now, nextAttemptAt: now })) });
  }

  /** Deletions not confirmed whose next attempt is due. */
  async due(now: Date, limit: number): Promise<DueDeletion[]> {
    const rows = await this.database.client.vapiDeletion.findMany({
      where: { confirmedAt: null, nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: 'asc' },
      take: limit,
      select: { vapiId: true, resource: true, attempts: true, nextAttemptAt: true },
    });
    return rows.map((row) => ({ ...row, resource: row.resource as VapiResource }));
  }

  /**
   * Takes a due deletion for this process until `until`, by a conditional write: of several
   * processes reading it due, one wins; a process that dies holding it lets it fall due again.
   */
  async claim(deletion: { vapiId: string; nextAttemptAt: Date }, until: Date): Promise<boolean> {
    const { count } = await this.database.client.vapiDeletion.updateMany({
      where: { vapiId: deletion.vapiId, confirmedAt: null, nextAttemptAt: deletion.nextAttemptAt },
      data: { nextAttemptAt: until },
    });
    return count === 1;
  }

  async confirm(vapiId: string, confirmation: Record<string, unknown>, at: Date): Promise<void> {
    await this.database.client.vapiDeletion.update({
      where: { vapiId },
      data: { confirmedAt: at, confirmation: JSON.stringify(confirmation), lastError: null, attempts: { increment: 1 } },
    });
  }

  async failed(vapiId: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.database.client.vapiDeletion.update({ where: { vapiId }, data: { lastError: error, nextAttemptAt, attempts: { increment: 1 } } });
  }

  forErasure(erasureId: string) {
    return this.database.client.vapiDeletion.findMany({ where: { erasureId }, orderBy: [{ resource: 'asc' }, { vapiId: 'asc' }] });
  }
}
