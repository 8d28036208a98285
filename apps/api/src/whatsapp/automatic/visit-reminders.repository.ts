import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { WhatsappVisitReminder } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'whatsappVisitReminder'>;

/** A site visit as its reminder needs it. */
export interface RemindedVisit {
  id: string;
  leadId: string;
  type: string;
  dueAt: Date;
  doneAt: Date | null;
  cancelledAt: Date | null;
}

const VISIT = { id: true, leadId: true, type: true, dueAt: true, doneAt: true, cancelledAt: true } as const;

/** The only place that queries whatsapp_visit_reminders. */
@Injectable()
export class VisitRemindersRepository {
  constructor(private readonly database: Database) {}

  visit(taskId: string, db: Pick<TransactionClient, 'task'>): Promise<RemindedVisit | null> {
    return db.task.findUnique({ where: { id: taskId }, select: VISIT });
  }

  /** The visit's reminder for `visitAt`: made, or scheduled again if it was cancelled (a visit moved back); one already queued stays as it is. */
  async schedule(taskId: string, visitAt: Date, dueAt: Date, db: Db): Promise<void> {
    await db.whatsappVisitReminder.upsert({ where: { taskId_visitAt: { taskId, visitAt } }, create: { taskId, visitAt, dueAt }, update: {} });
    await db.whatsappVisitReminder.updateMany({ where: { taskId, visitAt, status: 'cancelled' }, data: { status: 'scheduled', dueAt, reason: null } });
  }

  /** The visit's scheduled reminders of any time but `keepAt` (all of them when null): the visit moved, or is no longer open. */
  async cancelOthers(taskId: string, keepAt: Date | null, reason: string, db: Db): Promise<void> {
    await db.whatsappVisitReminder.updateMany({ where: { taskId, status: 'scheduled', ...(keepAt ? { visitAt: { not: keepAt } } : {}) }, data: { status: 'cancelled', reason } });
  }

  /** Reminders due by `now`, soonest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.database.client.whatsappVisitReminder.findMany({ where: { status: 'scheduled', dueAt: { lte: now } }, orderBy: [{ dueAt: 'asc' }, { id: 'asc' }], take: limit, select: { id: true } });
    return rows.map(({ id }) => id);
  }

  find(id: string, db: Db & Pick<TransactionClient, 'task'>): Promise<(WhatsappVisitReminder & { task: RemindedVisit }) | null> {
    return db.whatsappVisitReminder.findUnique({ where: { id }, include: { task: { select: VISIT } } });
  }

  /** scheduled → its end (queued, cancelled or skipped): a conditional write only one process wins. */
  async close(id: string, status: 'queued' | 'cancelled' | 'skipped', reason: string | null, db: Db): Promise<boolean> {
    const { count } = await db.whatsappVisitReminder.updateMany({ where: { id, status: 'scheduled' }, data: { status, reason } });
    return count === 1;
  }
}
