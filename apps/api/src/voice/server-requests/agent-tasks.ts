import { Injectable } from '@nestjs/common';
import { activity, type NewActivity } from '../../activity/activity-entry';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';

/** A task the voice agent makes during a call: a site visit it booked, or a callback nobody could take. */
export interface AgentTask {
  leadId: string;
  type: 'call' | 'site_visit';
  dueAt: Date;
  endsAt: Date | null;
  assigneeId: string | null;
  propertyId: number | null;
  notes: string | null;
  vapiCallId: string | null;
}

/**
 * Writes the agent's tasks inside the caller's transaction, made by nobody on the staff
 * (createdById null), and gives back their timeline entry (`task`, created, naming the call)
 * for the caller to append with its others, in the same transaction.
 */
@Injectable()
export class AgentTasks {
  async create(task: AgentTask, text: string, db: TransactionClient, now: Date): Promise<{ taskId: string; entry: NewActivity; signals: LiveEventSignal[] }> {
    const created = await db.task.create({ data: { ...task, createdById: null, createdAt: now, updatedAt: now }, select: { id: true } });
    const entry = activity(task.leadId, 'task', { taskId: created.id, taskType: task.type, event: 'created', vapiCallId: task.vapiCallId, text });
    return { taskId: created.id, entry, signals: [{ type: 'task.created', id: created.id }] };
  }

  /** The open callback the agent made during this call already, if any: a transfer asked for twice makes one. */
  async openCallbackOf(leadId: string, vapiCallId: string, db: TransactionClient): Promise<{ id: string; dueAt: Date; assigneeId: string | null } | null> {
    // By the lead's tasks index: a lead has a handful of tasks, the table a great many.
    return db.task.findFirst({ where: { leadId, vapiCallId, type: 'call', createdById: null, doneAt: null, cancelledAt: null }, select: { id: true, dueAt: true, assigneeId: true } });
  }
}
