import { taskSchema, taskUpdateSchema, type Task, type TaskStatus } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { TaskRow } from '../tasks.repository';

export class TaskOutput extends createZodDto(taskSchema) {}
export class TaskUpdateOutput extends createZodDto(taskUpdateSchema) {}

export function statusOf(row: Pick<TaskRow, 'doneAt' | 'cancelledAt'>): TaskStatus {
  if (row.cancelledAt) return 'cancelled';
  return row.doneAt ? 'done' : 'open';
}

const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function toTaskOutput(row: TaskRow): Task {
  return {
    id: row.id,
    leadId: row.leadId,
    leadName: row.leadName,
    type: row.type,
    status: statusOf(row),
    dueAt: row.dueAt,
    endsAt: row.endsAt,
    assignee: named(row.assigneeId, row.assigneeName),
    property: row.propertyId !== null && row.propertyName !== null ? { id: row.propertyId, name: row.propertyName } : null,
    notes: row.notes,
    // A member removed since is no longer named.
    createdBy: named(row.createdById, row.createdByName),
    vapiCallId: row.vapiCallId,
    doneAt: row.doneAt,
    doneBy: named(row.doneById, row.doneByName),
    outcome: row.outcome,
    cancelledAt: row.cancelledAt,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
