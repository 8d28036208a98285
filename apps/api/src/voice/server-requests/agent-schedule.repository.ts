import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';

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

/**
 * What the voice agent reads of the team's diary beside TasksService: a member as a booking
 * needs them, the lock on their diary, a lead's next visit, the callback a call made.
 */
@Injectable()
export class AgentScheduleRepository {
  constructor(private readonly database: Database) {}

  /**
   * Holds, until the transaction ends, the lock on an agent's schedule: two bookings for the
   * same agent (in this process or another) read the schedule and write the visit one after
   * the other, so the second sees the first's visit and never books over it. Staff's own
   * tasks (POST and PATCH /api/tasks) do not take it: a booking sees them once committed, and a
   * member placing a meeting over a visit does so with the calendar in front of them.
   */
  lockAgent(assigneeId: string, db: Pick<TransactionClient, '$queryRaw' | '$executeRaw'>): Promise<void> {
    return this.database.lock([agentScheduleLock(assigneeId)], db);
  }

  agent(id: string, db: Pick<TransactionClient, 'staffUser'> = this.database.client): Promise<ScheduledAgent | null> {
    return db.staffUser.findUnique({ where: { id }, select: { id: true, name: true, workingHours: true } });
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

  /** The open callback the agent made during this call, if any: a transfer asked for twice makes one (by the lead's tasks index). */
  openCallbackOf(leadId: string, vapiCallId: string, db: Pick<TransactionClient, 'task'>): Promise<{ id: string; dueAt: Date } | null> {
    return db.task.findFirst({ where: { leadId, vapiCallId, type: 'call', createdById: null, doneAt: null, cancelledAt: null }, select: { id: true, dueAt: true } });
  }
}
