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

  /** The account with its new availability, or null when there is no such account. */
  async setAvailability(id: string, available: boolean) {
    const { count } = await this.database.client.staffUser.updateMany({ where: { id }, data: { available } });
    return count === 0 ? null : this.findById(id);
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
