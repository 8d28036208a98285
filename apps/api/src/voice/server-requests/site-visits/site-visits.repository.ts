import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/database';
import type { TransactionClient } from '../../../database/prisma-client';
import type { TimeRange } from './visit-slots';

type Db = Pick<TransactionClient, 'task' | '$queryRaw' | '$executeRaw'>;

/** A lead's next visit, as the agent mentions it to a caller who rings again. */
export interface UpcomingVisit {
  dueAt: Date;
  propertyName: string | null;
  siteVisitAddress: string | null;
  assigneeName: string | null;
}

/** A member of staff as a booking needs them: who, and their own working hours. */
export interface ScheduledAgent {
  id: string;
  name: string;
  workingHours: string | null;
}

/** The lock that puts one agent's bookings one after another, in every API process (see lockAgent). */
export const agentScheduleLock = (assigneeId: string) => `site-visits:${assigneeId}`;

/** The agent's side of the tasks table: an agent's busy times, a lead's next visit. */
@Injectable()
export class SiteVisitsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Holds, until the transaction ends, the lock on an agent's schedule: two bookings for the
   * same agent (in this process or another) read the schedule and write the visit one after
   * the other, so the second sees the first's visit and never books over it. Anything else
   * that gives an agent a visit or meeting with a time takes the same lock.
   */
  lockAgent(assigneeId: string, db: Pick<TransactionClient, '$queryRaw' | '$executeRaw'>): Promise<void> {
    return this.database.lock([agentScheduleLock(assigneeId)], db);
  }

  agent(id: string, db: Pick<TransactionClient, 'staffUser'> = this.database.client): Promise<ScheduledAgent | null> {
    return db.staffUser.findUnique({ where: { id }, select: { id: true, name: true, workingHours: true } });
  }

  /**
   * When the member is taken between `from` and `to`: their open tasks that have a length
   * (visits, meetings), read from the open-tasks index by due time. A task that started up to
   * `longestMinutes` before `from` may still run into it.
   */
  async busyRanges(assigneeId: string, from: Date, to: Date, db: Db, longestMinutes = 24 * 60): Promise<TimeRange[]> {
    const tasks = await db.task.findMany({
      where: {
        assigneeId,
        doneAt: null,
        cancelledAt: null,
        endsAt: { not: null, gt: from },
        dueAt: { gte: new Date(from.getTime() - longestMinutes * 60_000), lt: to },
      },
      select: { dueAt: true, endsAt: true },
    });
    return tasks.map(({ dueAt, endsAt }) => ({ start: dueAt, end: endsAt! }));
  }

  /** The lead's next open site visit from `now`, with where and with whom. */
  async nextVisitOf(leadId: string, now: Date): Promise<UpcomingVisit | null> {
    const visit = await this.database.client.task.findFirst({
      where: { leadId, type: 'site_visit', doneAt: null, cancelledAt: null, dueAt: { gte: now } },
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
      select: { dueAt: true, property: { select: { name: true, siteVisitAddress: true } }, assignee: { select: { name: true } } },
    });
    if (!visit) return null;
    return { dueAt: visit.dueAt, propertyName: visit.property?.name ?? null, siteVisitAddress: visit.property?.siteVisitAddress ?? null, assigneeName: visit.assignee?.name ?? null };
  }
}
