import type { TaskEvent, TaskType } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../common/field-errors';
import { taskTimelineText, type TaskTextClock, type TaskTimelineChange } from './task-timeline-text';

/** A task as a change is planned against it, with the names its timeline words need. */
export interface PlannedTask {
  type: TaskType;
  dueAt: Date;
  endsAt: Date | null;
  assigneeId: string | null;
  assigneeName: string | null;
  propertyId: number | null;
  propertyName: string | null;
  notes: string | null;
  doneAt: Date | null;
  doneById: string | null;
  outcome: string | null;
  cancelledAt: Date | null;
}

/** PATCH's fields as validated; a new assignee or property comes with its name (the caller looked it up). */
export interface TaskChangeRequest {
  type?: TaskType;
  dueAt?: Date;
  endsAt?: Date | null;
  assignee?: { id: string; name: string } | null;
  property?: { id: number; name: string } | null;
  notes?: string | null;
  done?: boolean;
  outcome?: string | null;
  cancelled?: boolean;
}

/** The columns a change writes. */
export type TaskColumns = Partial<Omit<PlannedTask, 'assigneeName' | 'propertyName'>>;

/** What a change writes, and the timeline entries it makes (none: it changes nothing). */
export interface TaskChangePlan {
  columns: TaskColumns;
  entries: { event: TaskEvent; text: string }[];
}

const FIELD_WORDS = { type: 'type', endsAt: 'end time', property: 'property', notes: 'notes', outcome: 'outcome' } as const;

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Plans a change to a task: what to write and what the timeline says, in order (the time, the
 * assignee, other fields, then done / cancelled). A cancelled task is brought back before it can
 * be done, a done task opened again before it can be cancelled; an outcome belongs to a done
 * task; a task ends after it starts. Each refusal is a 400 naming its field.
 */
export function planTaskChanges(
  current: PlannedTask,
  request: TaskChangeRequest,
  context: TaskTextClock & { actorId: string | null; agentCallId: string | null },
): TaskChangePlan {
  const columns: TaskColumns = {};
  const changes: TaskTimelineChange[] = [];

  const dueAt = request.dueAt ?? current.dueAt;
  const endsAt = request.endsAt === undefined ? current.endsAt : request.endsAt;
  if (endsAt && endsAt.getTime() <= dueAt.getTime()) throw new InvalidFieldsException([{ field: 'endsAt', message: 'must be after dueAt' }]);

  if (!sameTime(dueAt, current.dueAt)) {
    columns.dueAt = dueAt;
    changes.push({ event: 'rescheduled', from: current.dueAt });
  }
  if (request.assignee !== undefined && (request.assignee?.id ?? null) !== current.assigneeId) {
    columns.assigneeId = request.assignee?.id ?? null;
    changes.push({ event: 'reassigned', from: current.assigneeName, to: request.assignee?.name ?? null });
  }

  const edited: string[] = [];
  if (request.type !== undefined && request.type !== current.type) {
    columns.type = request.type;
    edited.push(FIELD_WORDS.type);
  }
  if (!sameTime(endsAt, current.endsAt)) {
    columns.endsAt = endsAt;
    edited.push(FIELD_WORDS.endsAt);
  }
  if (request.property !== undefined && (request.property?.id ?? null) !== current.propertyId) {
    columns.propertyId = request.property?.id ?? null;
    edited.push(FIELD_WORDS.property);
  }
  if (request.notes !== undefined && request.notes !== current.notes) {
    columns.notes = request.notes;
    edited.push(FIELD_WORDS.notes);
  }

  const status = statusChanges(current, request, context);
  Object.assign(columns, status.columns);
  if (status.outcomeEdited) edited.push(FIELD_WORDS.outcome);
  if (edited.length > 0) changes.push({ event: 'edited', fields: edited });
  changes.push(...status.changes);

  const after = {
    type: request.type ?? current.type,
    dueAt,
    propertyName: request.property === undefined ? current.propertyName : (request.property?.name ?? null),
  };
  return { columns, entries: changes.map((change) => ({ event: change.event, text: taskTimelineText(change, after, context, context.agentCallId) })) };
}

/** Done, opened again, cancelled, brought back, and the outcome. */
function statusChanges(
  current: PlannedTask,
  request: TaskChangeRequest,
  context: TaskTextClock & { actorId: string | null },
): { columns: TaskColumns; changes: TaskTimelineChange[]; outcomeEdited: boolean } {
  const columns: TaskColumns = {};
  const changes: TaskTimelineChange[] = [];
  let cancelled = current.cancelledAt !== null;
  let done = current.doneAt !== null;

  if (request.cancelled === false && cancelled) {
    columns.cancelledAt = null;
    changes.push({ event: 'restored' });
    cancelled = false;
  }
  if (request.done === false && done) {
    Object.assign(columns, { doneAt: null, doneById: null, outcome: null });
    changes.push({ event: 'reopened' });
    done = false;
  }
  if (request.cancelled === true && !cancelled) {
    if (done) throw new InvalidFieldsException([{ field: 'cancelled', message: 'cannot cancel a done task: open it again first (done: false)' }]);
    columns.cancelledAt = context.now;
    changes.push({ event: 'cancelled' });
    cancelled = true;
  }
  const outcome = request.outcome === undefined ? undefined : request.outcome;
  if (request.done === true && !done) {
    if (cancelled) throw new InvalidFieldsException([{ field: 'done', message: 'cannot complete a cancelled task: bring it back first (cancelled: false)' }]);
    Object.assign(columns, { doneAt: context.now, doneById: context.actorId, outcome: outcome ?? null });
    changes.push({ event: 'completed', outcome: outcome ?? null });
    return { columns, changes, outcomeEdited: false };
  }
  if (outcome === undefined || outcome === (done ? current.outcome : null)) return { columns, changes, outcomeEdited: false };
  if (!done) throw new InvalidFieldsException([{ field: 'outcome', message: 'is kept only for a done task (send done: true with it)' }]);
  columns.outcome = outcome;
  return { columns, changes, outcomeEdited: true };
}
