import { Injectable } from '@nestjs/common';
import type { TaskType } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { UtcTimeText } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';
import { empty, join, raw, sql, type Sql } from '../database/sql';
import type { TaskColumns } from './task-changes';
import type { TaskCursor } from './task-cursor';

type Db = Pick<TransactionClient, 'task' | 'lead' | 'staffUser' | 'property'>;

/** A task with the names shown beside it, as every read gives it. */
export interface TaskRow {
  id: string;
  leadId: string;
  leadName: string;
  leadOwnerId: string | null;
  type: TaskType;
  dueAt: UtcTimeText;
  endsAt: UtcTimeText | null;
  assigneeId: string | null;
  assigneeName: string | null;
  propertyId: number | null;
  propertyName: string | null;
  notes: string | null;
  createdById: string | null;
  createdByName: string | null;
  vapiCallId: string | null;
  doneAt: UtcTimeText | null;
  doneById: string | null;
  doneByName: string | null;
  outcome: string | null;
  cancelledAt: UtcTimeText | null;
  version: number;
  createdAt: UtcTimeText;
  updatedAt: UtcTimeText;
}

/** A task as the calendar draws it (CalendarTask), with its assignee for the grouping. */
export interface CalendarTaskRow {
  id: string;
  leadId: string;
  leadName: string;
  type: TaskType;
  dueAt: UtcTimeText;
  endsAt: UtcTimeText | null;
  doneAt: UtcTimeText | null;
  assigneeId: string | null;
  assigneeName: string | null;
  propertyId: number | null;
  propertyName: string | null;
}

/** Which tasks a read selects: each a condition over tasks `t`, all of them met. */
export type TaskSelection = Sql[];

export interface NewTaskRow {
  leadId: string;
  type: TaskType;
  dueAt: Date;
  endsAt: Date | null;
  assigneeId: string | null;
  propertyId: number | null;
  notes: string | null;
  createdById: string | null;
  vapiCallId: string | null;
}

const TASK_COLUMNS = raw(
  [
    't.id',
    't.lead_id AS "leadId"',
    't.type',
    't.due_at AS "dueAt"',
    't.ends_at AS "endsAt"',
    't.assignee_id AS "assigneeId"',
    't.property_id AS "propertyId"',
    't.notes',
    't.created_by_id AS "createdById"',
    't.vapi_call_id AS "vapiCallId"',
    't.done_at AS "doneAt"',
    't.done_by_id AS "doneById"',
    't.outcome',
    't.cancelled_at AS "cancelledAt"',
    't.version',
    't.created_at AS "createdAt"',
    't.updated_at AS "updatedAt"',
  ].join(', '),
);

/** Open: neither done nor cancelled (the words of tasks_open_by_assignee_idx's condition, so both databases use it). */
export const OPEN_TASK = sql`t.done_at IS NULL AND t.cancelled_at IS NULL`;

/** The only place that queries tasks. */
@Injectable()
export class TasksRepository {
  constructor(private readonly database: Database) {}

  /**
   * Tasks in (due_at, id) order after `after`, keyset-paginated: the page is chosen from tasks
   * (and their leads for an agent's sight), then only its rows look up the names they show.
   */
  findPage(selection: TaskSelection, limit: number, after?: TaskCursor): Promise<TaskRow[]> {
    return this.rowsOf(after ? [...selection, sql`(t.due_at, t.id) > (${after.dueAt}, ${after.id})`] : selection, limit);
  }

  async count(selection: TaskSelection): Promise<number> {
    const [row] = await this.database.rows<{ count: number }>(sql`SELECT COUNT(*) AS count FROM tasks t ${where(selection)}`);
    return row.count;
  }

  /**
   * The calendar's entries: tasks of these types due from `from` to `before` that are not
   * cancelled, in (due_at, id) order, every type named so that tasks_type_due_at_idx serves the
   * span (by type, then time) on both databases. Only what the calendar draws is read: each
   * entry's lead by its key for its name, its assignee's and property's names (small tables).
   */
  findCalendarEntries(from: Date, before: Date, selection: TaskSelection, types: readonly TaskType[], limit: number): Promise<CalendarTaskRow[]> {
    const span = [sql`t.type IN (${join([...types])})`, sql`t.due_at >= ${from}`, sql`t.due_at < ${before}`, sql`t.cancelled_at IS NULL`];
    return this.database.rows<CalendarTaskRow>(sql`
      SELECT page.*, l.name AS "leadName", a.name AS "assigneeName", p.name AS "propertyName"
      FROM (
        SELECT t.id, t.lead_id AS "leadId", t.type, t.due_at AS "dueAt", t.ends_at AS "endsAt", t.done_at AS "doneAt", t.assignee_id AS "assigneeId", t.property_id AS "propertyId"
        FROM tasks t ${where([...span, ...selection])} ORDER BY t.due_at, t.id LIMIT ${limit}
      ) page
      JOIN leads l ON l.id = page."leadId"
      LEFT JOIN staff_users a ON a.id = page."assigneeId"
      LEFT JOIN properties p ON p.id = page."propertyId"
      ORDER BY page."dueAt", page.id`);
  }

  /** A member's tasks due from `from` on, whatever their state (their calendar feed), served by tasks_assignee_due_at_idx. */
  findAssignedFrom(assigneeId: string, from: Date, limit: number): Promise<TaskRow[]> {
    return this.rowsOf([sql`t.assignee_id = ${assigneeId}`, sql`t.due_at >= ${from}`], limit);
  }

  /** These tasks, as committed (the live events' and GET's read). */
  async findByIds(ids: string[]): Promise<TaskRow[]> {
    if (ids.length === 0) return [];
    return this.rowsOf([sql`t.id IN (${join(ids)})`], ids.length);
  }

  /**
   * An assignee's open tasks of these types whose time overlaps [from, to), inside the caller's
   * transaction: a booking checks a member's slot is free (a task without an end lasts until
   * `defaultLengthMs` after its start).
   */
  async findOpenOverlapping(assigneeId: string, from: Date, to: Date, types: readonly TaskType[], defaultLengthMs: number, db: Db): Promise<{ id: string; dueAt: Date; endsAt: Date | null }[]> {
    const candidates = await db.task.findMany({
      where: { assigneeId, doneAt: null, cancelledAt: null, type: { in: [...types] }, dueAt: { lt: to, gte: new Date(from.getTime() - MAX_TASK_LENGTH_MS) } },
      select: { id: true, dueAt: true, endsAt: true },
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
    });
    return candidates.filter((task) => (task.endsAt ?? new Date(task.dueAt.getTime() + defaultLengthMs)).getTime() > from.getTime());
  }

  /** Where each of these properties' site visits meet, by property id. */
  async findSiteVisitAddresses(propertyIds: number[]): Promise<Map<number, string>> {
    if (propertyIds.length === 0) return new Map();
    const properties = await this.database.client.property.findMany({ where: { id: { in: [...new Set(propertyIds)] } }, select: { id: true, siteVisitAddress: true } });
    return new Map(properties.map((property) => [property.id, property.siteVisitAddress]));
  }

  /**
   * The task with its names, inside the caller's transaction (what a change is planned against).
   * One query at a time: Prisma runs a relation's queries side by side, which one transaction's
   * connection cannot (pg warns, and will refuse).
   */
  async find(id: string, db: Db): Promise<TaskRow | null> {
    const task = await db.task.findUnique({ where: { id } });
    if (!task) return null;
    const lead = await db.lead.findUniqueOrThrow({ where: { id: task.leadId }, select: { name: true, ownerId: true } });
    const staffIds = [task.assigneeId, task.createdById, task.doneById].filter((staffId) => staffId !== null);
    const names = new Map((await db.staffUser.findMany({ where: { id: { in: staffIds } }, select: { id: true, name: true } })).map((member) => [member.id, member.name]));
    const property = task.propertyId === null ? null : await db.property.findUnique({ where: { id: task.propertyId }, select: { name: true } });
    const nameOf = (staffId: string | null) => (staffId && names.get(staffId)) ?? null;
    const time = (at: Date | null) => at?.toISOString() ?? null;
    return {
      id: task.id,
      leadId: task.leadId,
      leadName: lead.name,
      leadOwnerId: lead.ownerId,
      type: task.type as TaskType,
      dueAt: task.dueAt.toISOString(),
      endsAt: time(task.endsAt),
      assigneeId: task.assigneeId,
      assigneeName: nameOf(task.assigneeId),
      propertyId: task.propertyId,
      propertyName: property?.name ?? null,
      notes: task.notes,
      createdById: task.createdById,
      createdByName: nameOf(task.createdById),
      vapiCallId: task.vapiCallId,
      doneAt: time(task.doneAt),
      doneById: task.doneById,
      doneByName: nameOf(task.doneById),
      outcome: task.outcome,
      cancelledAt: time(task.cancelledAt),
      version: task.version,
      createdAt: task.createdAt.toISOString(),
      updatedAt: task.updatedAt.toISOString(),
    };
  }

  async create(task: NewTaskRow, db: Db): Promise<string> {
    const created = await db.task.create({ data: task, select: { id: true } });
    return created.id;
  }

  /** Writes the change only if the task is still at `version` (and moves it on); false when another change came first. */
  async updateAtVersion(id: string, version: number, columns: TaskColumns, db: Db): Promise<boolean> {
    const { count } = await db.task.updateMany({ where: { id, version }, data: { ...columns, version: { increment: 1 } } });
    return count === 1;
  }

  /** The lead a task is made on: its name, owner and stage. */
  findLead(id: string, db: Db) {
    return db.lead.findUnique({ where: { id }, select: { id: true, name: true, ownerId: true, stageId: true } });
  }

  findStaffMember(id: string, db: Db) {
    return db.staffUser.findUnique({ where: { id }, select: { id: true, name: true } });
  }

  findProperty(id: number, db: Db) {
    return db.property.findUnique({ where: { id }, select: { id: true, name: true } });
  }

  /**
   * One statement: the page is chosen from tasks alone, then only its rows look up, by their
   * keys, their lead (name and owner in one read) and the names of their staff and property.
   */
  private rowsOf(selection: TaskSelection, limit: number): Promise<TaskRow[]> {
    return this.database.rows<TaskRow>(sql`
      SELECT page.*, l.name AS "leadName", l.owner_id AS "leadOwnerId", a.name AS "assigneeName", p.name AS "propertyName",
        c.name AS "createdByName", d.name AS "doneByName"
      FROM (SELECT ${TASK_COLUMNS} FROM tasks t ${where(selection)} ORDER BY t.due_at, t.id LIMIT ${limit}) page
      JOIN leads l ON l.id = page."leadId"
      LEFT JOIN staff_users a ON a.id = page."assigneeId"
      LEFT JOIN properties p ON p.id = page."propertyId"
      LEFT JOIN staff_users c ON c.id = page."createdById"
      LEFT JOIN staff_users d ON d.id = page."doneById"
      ORDER BY page."dueAt", page.id`);
  }
}

/** The longest a task may last for the overlap check to find it by its start (a day). */
const MAX_TASK_LENGTH_MS = 24 * 60 * 60 * 1000;

function where(conditions: Sql[]): Sql {
  return conditions.length ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
}
