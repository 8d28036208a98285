import { Inject, Injectable, NotFoundException, PreconditionFailedException } from '@nestjs/common';
import type { LeadStage, Task, TaskType, TaskUpdate } from '@lead-desk/contracts';
import { activity } from '../activity/activity-entry';
import { LeadActivityRepository } from '../activity/lead-activity.repository';
import { Clock } from '../common/clock';
import { InvalidFieldsException } from '../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import { sql } from '../database/sql';
import { LiveEventsService } from '../events/live-events.service';
import { canSeeLead, type LeadAccess } from '../leads/access/lead-access';
import { stageAfterSiteVisit } from '../stages/site-visit-stages';
import { StagesRepository } from '../stages/stages.repository';
import { AutomaticWhatsappMessages } from '../whatsapp/automatic/automatic-whatsapp-messages';
import { accessOf, actorIdOf, agentCallIdOf, type TaskActor } from './task-actor';
import { assertMayAssignTask } from './task-assignment';
import { planTaskChanges, type TaskChangeRequest } from './task-changes';
import { decodeTaskCursor, encodeTaskCursor } from './task-cursor';
import { dueTimesOf } from './task-due-window';
import { taskTimelineText } from './task-timeline-text';
import { canSeeTask, taskAccessConditions } from './task-visibility';
import { OPEN_TASK, TasksRepository, type TaskRow, type TaskSelection } from './tasks.repository';
import type { ValidListTasksQuery } from './inputs/task.inputs';
import { toTaskOutput } from './outputs/task.output';

/** A task to make, as the API's POST and the agent's bookings give it. */
export interface TaskToCreate {
  leadId: string;
  type: TaskType;
  dueAt: Date;
  endsAt?: Date | null;
  /** Absent: the lead's owner, or (an unassigned lead) whoever makes it; null: nobody. */
  assigneeId?: string | null;
  propertyId?: number | null;
  notes?: string | null;
}

/** One page of tasks, the total of the filter and the next page's cursor (null on the last page). */
export interface TaskPage {
  tasks: Task[];
  total: number;
  nextCursor: string | null;
}

type ListFilter = Omit<ValidListTasksQuery, 'limit' | 'cursor'>;

/**
 * Follow-ups on leads. Tasks are seen by those who see their lead and by their assignee (out of
 * sight: 404); an agent gives tasks only to themselves or nobody. Every change is one
 * transaction that writes the task only at the version it was read (412 otherwise), and
 * appends the lead's timeline entry in words; then `task.created` / `task.updated` (and
 * `lead.updated`, its timeline grew) go to those who may see them.
 *
 * A site visit made or changed also queues its WhatsApp confirmation and (re)schedules its reminder,
 * in the same transaction, when the team turned them on.
 *
 * For work that writes more in the same transaction (the agent booking a visit during a call),
 * `create` and `update` take that transaction: they then announce nothing, and the caller calls
 * `announce` once it has committed.
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly database: Database,
    private readonly tasks: TasksRepository,
    private readonly stages: StagesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly liveEvents: LiveEventsService,
    private readonly whatsapp: AutomaticWhatsappMessages,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(id: string, access: LeadAccess): Promise<Task> {
    const [row] = await this.tasks.findByIds([id]);
    if (!row || !canSeeTask(access, row.leadOwnerId, row.assigneeId)) throw missingTask(id);
    return toTaskOutput(row);
  }

  async list(filter: ListFilter, access: LeadAccess, viewerId: string | null, limit: number, cursor?: string): Promise<TaskPage> {
    const after = cursor ? decodeTaskCursor(cursor) : undefined;
    const selection = this.selectionOf(filter, access, viewerId);
    const [page, total] = await Promise.all([this.tasks.findPage(selection, limit + 1, after), this.tasks.count(selection)]);
    const hasMore = page.length > limit;
    const shown = hasMore ? page.slice(0, limit) : page;
    const last = shown.at(-1);
    return { tasks: shown.map(toTaskOutput), total, nextCursor: hasMore && last ? encodeTaskCursor({ dueAt: new Date(last.dueAt), id: last.id }) : null };
  }

  /** Makes a task on a lead the actor can see (404 otherwise) and its timeline entry. */
  async create(input: TaskToCreate, actor: TaskActor, tx?: TransactionClient): Promise<Task> {
    if (tx) return this.createIn(input, actor, tx);
    const task = await this.database.transaction((db) => this.createIn(input, actor, db));
    await this.announce(task, 'created');
    return task;
  }

  /**
   * Changes a task the actor can see, only while it is at `expectedVersion` when one is given.
   * Completing a site visit answers the stage its lead could move to next (nothing moves it).
   */
  async update(id: string, changes: TaskChangeRequestInput, expectedVersion: number | undefined, actor: TaskActor, tx?: TransactionClient): Promise<TaskUpdate> {
    if (tx) return (await this.updateIn(id, changes, expectedVersion, actor, tx)).update;
    const { update, formerAssigneeId, changed } = await this.database.transaction((db) => this.updateIn(id, changes, expectedVersion, actor, db));
    if (changed) await this.announce(update.task, 'updated', formerAssigneeId);
    return update;
  }

  /**
   * Tells the dashboards of a task made or changed inside a caller's transaction, once it has
   * committed; `formerAssigneeId`: whom a reassignment took it from (they are told too).
   */
  async announce(task: Task, change: 'created' | 'updated', formerAssigneeId?: string | null): Promise<void> {
    await this.liveEvents.publishAll([
      { type: change === 'created' ? 'task.created' : 'task.updated', id: task.id, formerAssigneeId },
      { type: 'lead.updated', id: task.leadId },
    ]);
  }

  /** An assignee's open tasks of these types overlapping [from, to), in `tx` (a booking's check that a slot is free). */
  findOpenOverlapping(assigneeId: string, from: Date, to: Date, types: readonly TaskType[], defaultLengthMs: number, tx: TransactionClient) {
    return this.tasks.findOpenOverlapping(assigneeId, from, to, types, defaultLengthMs, tx);
  }

  private async createIn(input: TaskToCreate, actor: TaskActor, tx: TransactionClient): Promise<Task> {
    const access = accessOf(actor);
    const lead = await this.tasks.findLead(input.leadId, tx);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${input.leadId}.`);
    const assigneeId = input.assigneeId === undefined ? (lead.ownerId ?? actorIdOf(actor)) : input.assigneeId;
    assertMayAssignTask(access, assigneeId);
    const assignee = assigneeId === null ? null : await this.staffMember(assigneeId, tx);
    const property = input.propertyId == null ? null : await this.property(input.propertyId, tx);
    const endsAt = input.endsAt ?? null;
    if (endsAt && endsAt.getTime() <= input.dueAt.getTime()) throw new InvalidFieldsException([{ field: 'endsAt', message: 'must be after dueAt' }]);
    const agentCallId = agentCallIdOf(actor);
    const id = await this.tasks.create(
      {
        leadId: lead.id,
        type: input.type,
        dueAt: input.dueAt,
        endsAt,
        assigneeId,
        propertyId: property?.id ?? null,
        notes: input.notes ?? null,
        createdById: actorIdOf(actor),
        vapiCallId: agentCallId,
      },
      tx,
    );
    const text = taskTimelineText(
      { event: 'created', assigneeName: assignee?.name ?? null },
      { type: input.type, dueAt: input.dueAt, propertyName: property?.name ?? null },
      this.textClock(),
      agentCallId,
    );
    await this.activities.append([activity(lead.id, 'task', { taskId: id, taskType: input.type, event: 'created', vapiCallId: agentCallId, text }, actorIdOf(actor))], tx);
    await this.whatsapp.afterTaskCreated(id, this.clock.now(), tx);
    return toTaskOutput(await this.reload(id, tx));
  }

  private async updateIn(
    id: string,
    changes: TaskChangeRequestInput,
    expectedVersion: number | undefined,
    actor: TaskActor,
    tx: TransactionClient,
  ): Promise<{ update: TaskUpdate; formerAssigneeId: string | null; changed: boolean }> {
    const access = accessOf(actor);
    const current = await this.tasks.find(id, tx);
    if (!current || !canSeeTask(access, current.leadOwnerId, current.assigneeId)) throw missingTask(id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleTask(current.version);
    const request = await this.resolved(changes, current, access, tx);
    const plan = planTaskChanges(plannedTask(current), request, { ...this.textClock(), actorId: actorIdOf(actor), agentCallId: agentCallIdOf(actor) });
    if (plan.entries.length === 0) return { update: { task: toTaskOutput(current), suggestedStage: null }, formerAssigneeId: current.assigneeId, changed: false };
    if (!(await this.tasks.updateAtVersion(id, current.version, plan.columns, tx))) throw staleTask();
    const agentCallId = agentCallIdOf(actor);
    await this.activities.append(
      plan.entries.map(({ event, text }) => activity(current.leadId, 'task', { taskId: id, taskType: request.type ?? current.type, event, vapiCallId: agentCallId, text }, actorIdOf(actor))),
      tx,
    );
    await this.whatsapp.afterTaskChanged(id, this.clock.now(), tx);
    const task = toTaskOutput(await this.reload(id, tx));
    const completedVisit = task.type === 'site_visit' && plan.entries.some(({ event }) => event === 'completed');
    const suggestedStage = completedVisit ? await this.stageAfterVisit(current.leadId, tx) : null;
    return { update: { task, suggestedStage }, formerAssigneeId: current.assigneeId, changed: true };
  }

  /** The request with its assignee and property looked up (400 naming a missing one), and the assignment rule applied. */
  private async resolved(changes: TaskChangeRequestInput, current: TaskRow, access: LeadAccess, tx: TransactionClient): Promise<TaskChangeRequest> {
    const { assigneeId, propertyId, dueAt, endsAt, ...rest } = changes;
    const request: TaskChangeRequest = { ...rest };
    if (dueAt !== undefined) request.dueAt = dueAt;
    if (endsAt !== undefined) request.endsAt = endsAt;
    if (assigneeId !== undefined && assigneeId !== current.assigneeId) {
      assertMayAssignTask(access, assigneeId);
      request.assignee = assigneeId === null ? null : await this.staffMember(assigneeId, tx);
    }
    if (propertyId !== undefined && propertyId !== current.propertyId) request.property = propertyId === null ? null : await this.property(propertyId, tx);
    return request;
  }

  private async stageAfterVisit(leadId: string, tx: TransactionClient): Promise<LeadStage | null> {
    const lead = await this.tasks.findLead(leadId, tx);
    const next = lead && stageAfterSiteVisit(await this.stages.list(tx), lead.stageId);
    return next ? { id: next.id, name: next.name, kind: next.kind as LeadStage['kind'] } : null;
  }

  /** The filter as conditions over tasks, and the viewer's sight. */
  private selectionOf(filter: ListFilter, access: LeadAccess, viewerId: string | null): TaskSelection {
    const conditions = [];
    // Open mode has nobody signed in: "me" is everyone there.
    const assigneeId = filter.assignee === 'me' ? viewerId : (filter.assignee ?? null);
    if (assigneeId !== null) conditions.push(sql`t.assignee_id = ${assigneeId}`);
    if (filter.leadId) conditions.push(sql`t.lead_id = ${filter.leadId}`);
    if (filter.type) conditions.push(sql`t.type = ${filter.type}`);
    if (filter.status === 'open' || filter.due) conditions.push(OPEN_TASK);
    if (filter.status === 'done') conditions.push(sql`t.done_at IS NOT NULL`);
    if (filter.status === 'cancelled') conditions.push(sql`t.cancelled_at IS NOT NULL`);
    if (filter.due) {
      const { from, before } = dueTimesOf(filter.due, this.clock.now(), filter.tz ?? this.config.APP_TIME_ZONE);
      if (from) conditions.push(sql`t.due_at >= ${from}`);
      if (before) conditions.push(sql`t.due_at < ${before}`);
    }
    // An agent's own tasks are all in their sight: no lead to look up.
    const ownTasksOnly = access.kind !== 'all' && assigneeId === access.staffId;
    return ownTasksOnly ? conditions : [...conditions, ...taskAccessConditions(access)];
  }

  private async reload(id: string, tx: TransactionClient): Promise<TaskRow> {
    const row = await this.tasks.find(id, tx);
    if (!row) throw missingTask(id);
    return row;
  }

  private async staffMember(id: string, tx: TransactionClient) {
    const member = await this.tasks.findStaffMember(id, tx);
    if (!member) throw new InvalidFieldsException([{ field: 'assigneeId', message: 'is not a member of staff' }]);
    return member;
  }

  private async property(id: number, tx: TransactionClient) {
    const property = await this.tasks.findProperty(id, tx);
    if (!property) throw new InvalidFieldsException([{ field: 'propertyId', message: 'is not one of our properties' }]);
    return property;
  }

  private textClock() {
    return { now: this.clock.now(), timeZone: this.config.APP_TIME_ZONE };
  }
}

/** PATCH's fields with their times read: what TasksService.update takes. */
export type TaskChangeRequestInput = Omit<TaskChangeRequest, 'assignee' | 'property'> & { assigneeId?: string | null; propertyId?: number | null };

function plannedTask(row: TaskRow) {
  const date = (text: string | null) => (text === null ? null : new Date(text));
  return {
    type: row.type,
    dueAt: new Date(row.dueAt),
    endsAt: date(row.endsAt),
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    notes: row.notes,
    doneAt: date(row.doneAt),
    doneById: row.doneById,
    outcome: row.outcome,
    cancelledAt: date(row.cancelledAt),
  };
}

function missingTask(id: string): NotFoundException {
  return new NotFoundException(`No task with id ${id}.`);
}

function staleTask(now?: number): PreconditionFailedException {
  const since = now === undefined ? 'while the change was made' : `since you loaded it (it is at version ${now})`;
  return new PreconditionFailedException(`The task has changed ${since}. Load it again and reapply your change.`);
}
