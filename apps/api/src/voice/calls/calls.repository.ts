import { Injectable } from '@nestjs/common';
import type { Call, Prisma } from '../../generated/sqlite/client';
import { PrismaService, type TransactionClient } from '../../database/prisma.service';

export type CallFields = Omit<Prisma.CallUncheckedCreateInput, 'id' | 'vapiCallId' | 'createdAt' | 'updatedAt'>;

/** The only place that queries call records. */
@Injectable()
export class CallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(id: string): Promise<Call | null> {
    return this.prisma.client.call.findUnique({ where: { id } });
  }

  findByVapiId(vapiCallId: string, tx: TransactionClient): Promise<Call | null> {
    return tx.call.findUnique({ where: { vapiCallId } });
  }

  /**
   * Holds, until the transaction ends, a lock on one platform call, so that its
   * deliveries (reports, status updates, the outbound answer) apply one after another
   * and each reads what the previous one wrote. SQLite runs one write transaction at a
   * time already.
   */
  lockCall(vapiCallId: string, tx: TransactionClient): Promise<void> {
    return this.lockCalls([vapiCallId], tx);
  }

  /** The locks of several calls, in one statement, in sorted order (two transactions never wait on each other). */
  async lockCalls(vapiCallIds: string[], tx: TransactionClient): Promise<void> {
    if (this.prisma.provider !== 'postgresql') return;
    const keys = [...new Set(vapiCallIds)].sort().map((id) => `call:${id}`);
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(key))::text FROM unnest(${keys}::text[]) AS key`;
  }

  /**
   * One row per platform call id (its unique constraint). Writes take a transaction:
   * on SQLite a statement outside one would join whatever transaction is open on the
   * shared connection, and vanish if that one rolls back.
   */
  upsert(vapiCallId: string, create: CallFields, update: Partial<CallFields>, tx: TransactionClient): Promise<Call> {
    return tx.call.upsert({ where: { vapiCallId }, create: { vapiCallId, ...create }, update });
  }

  update(id: string, changes: Partial<CallFields>, tx: TransactionClient): Promise<Call> {
    return tx.call.update({ where: { id }, data: changes });
  }
}
