import { Injectable } from '@nestjs/common';
import type { CallRefusal, CallRefusalReason } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { LeadCursor } from '../leads/lead-cursor';

/** The only place that queries call_refusals: appended when POST /api/calls says no, read by admins. */
@Injectable()
export class CallRefusalsRepository {
  constructor(private readonly database: Database) {}

  async append(refusal: { leadId: string | null; actorId: string | null; code: CallRefusalReason; reason: string; at: Date }): Promise<void> {
    await this.database.client.callRefusal.create({
      data: { leadId: refusal.leadId, actorId: refusal.actorId, reason: refusal.code, message: refusal.reason, at: refusal.at },
    });
  }

  /** Newest first, a keyset page on (at, id). */
  async findPage(limit: number, after?: LeadCursor): Promise<CallRefusal[]> {
    const rows = await this.database.client.callRefusal.findMany({
      where: after ? { OR: [{ at: { lt: after.createdAt } }, { at: after.createdAt, id: { lt: after.id } }] } : {},
      include: { actor: { select: { id: true, name: true } }, lead: { select: { name: true } } },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map((row) => ({
      id: row.id,
      leadId: row.leadId,
      leadName: row.lead?.name ?? null,
      actor: row.actor && { id: row.actor.id, name: row.actor.name },
      code: row.reason as CallRefusalReason,
      reason: row.message,
      at: row.at.toISOString(),
    }));
  }
}
