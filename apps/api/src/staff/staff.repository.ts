import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';
import { Database } from '../database/database';

/** The only place that queries staff accounts. */
@Injectable()
export class StaffRepository {
  constructor(private readonly database: Database) {}

  findByEmail(email: string) {
    return this.database.client.staffUser.findUnique({ where: { email } });
  }

  findById(id: string) {
    return this.database.client.staffUser.findUnique({ where: { id } });
  }

  list() {
    return this.database.client.staffUser.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Every agent's id: the members whose own leads make their view of a report. */
  async agentIds(): Promise<string[]> {
    const agents = await this.database.client.staffUser.findMany({ where: { role: 'agent' }, select: { id: true }, orderBy: { id: 'asc' } });
    return agents.map(({ id }) => id);
  }

  create(staff: { email: string; name: string; role: StaffRole; passwordHash: string }) {
    return this.database.client.staffUser.create({ data: staff });
  }

  /** The account with its profile changed, or null when there is no such account. */
  async updateProfile(id: string, changes: { available?: boolean; phone?: string | null; workingHours?: string | null }) {
    const { count } = await this.database.client.staffUser.updateMany({ where: { id }, data: changes });
    return count === 0 ? null : this.findById(id);
  }

  /** Gives the member a calendar feed whose secret has this SHA-256 (replacing any), or none (null); false when there is no such account. */
  async setCalendarFeedHash(id: string, hash: string | null): Promise<boolean> {
    const { count } = await this.database.client.staffUser.updateMany({ where: { id }, data: { calendarFeedHash: hash } });
    return count > 0;
  }

  /** The member whose calendar feed secret has this SHA-256 (a unique index lookup). */
  findByCalendarFeedHash(hash: string) {
    return this.database.client.staffUser.findUnique({ where: { calendarFeedHash: hash }, select: { id: true, name: true } });
  }

  /**
   * Whom a caller may be put through to: every agent, and the lead's owner whatever their role,
   * with what decides whether they can take a call now (availability, phone, working hours) and
   * the routing turn that orders them.
   */
  transferCandidates(ownerId: string | null) {
    return this.database.client.staffUser.findMany({
      where: { OR: [{ role: 'agent' }, ...(ownerId ? [{ id: ownerId }] : [])] },
      select: { id: true, name: true, role: true, available: true, phone: true, workingHours: true, routingTurn: true },
    });
  }

  countAdmins(): Promise<number> {
    return this.database.client.staffUser.count({ where: { role: 'admin' } });
  }

  count(): Promise<number> {
    return this.database.client.staffUser.count();
  }

  /** Removes the account and, by cascade, its sessions. */
  async delete(id: string): Promise<void> {
    await this.database.client.staffUser.delete({ where: { id } });
  }
}
