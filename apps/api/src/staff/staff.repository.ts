import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { StaffRole } from '../auth/auth.decorators';

/** The only place that queries staff accounts. */
@Injectable()
export class StaffRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByEmail(email: string) {
    return this.prisma.client.staffUser.findUnique({ where: { email } });
  }

  findById(id: string) {
    return this.prisma.client.staffUser.findUnique({ where: { id } });
  }

  list() {
    return this.prisma.client.staffUser.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  create(staff: { email: string; name: string; role: StaffRole; passwordHash: string }) {
    return this.prisma.client.staffUser.create({ data: staff });
  }

  countAdmins(): Promise<number> {
    return this.prisma.client.staffUser.count({ where: { role: 'admin' } });
  }

  count(): Promise<number> {
    return this.prisma.client.staffUser.count();
  }

  /** Removes the account and, by cascade, its sessions. */
  async delete(id: string): Promise<void> {
    await this.prisma.client.staffUser.delete({ where: { id } });
  }
}
