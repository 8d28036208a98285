import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { StaffAccount, StaffRole } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashPassword } from '../auth/password-hasher';
import type { StaffPrincipal } from '../auth/staff-session';
import { TakenFieldException } from '../common/field-errors';
import { AccessRevocations } from '../events/access-revocations.service';
import { toStaffOutput } from './outputs/staff.output';
import { StaffRepository } from './staff.repository';

@Injectable()
export class StaffService {
  private readonly logger = new Logger(StaffService.name);

  constructor(
    private readonly staff: StaffRepository,
    private readonly revocations: AccessRevocations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<StaffAccount[]> {
    return (await this.staff.list()).map(toStaffOutput);
  }

  async create(input: { email: string; name: string; role: StaffRole; password: string }): Promise<StaffAccount> {
    if (await this.staff.findByEmail(input.email)) {
      throw new TakenFieldException([{ field: 'email', message: 'is taken' }], `A staff account for ${input.email} exists already.`);
    }
    const created = await this.staff.create({ email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(input.password) });
    this.logger.log({ staffId: created.id, role: created.role }, 'Staff account created');
    return toStaffOutput(created);
  }

  /** Admins set anyone's availability; an agent only their own (open mode: anyone, as everything there). */
  async setAvailability(id: string, available: boolean, actor: StaffPrincipal | undefined): Promise<StaffAccount> {
    if (actor?.role === 'agent' && actor.id !== id) {
      throw new ForbiddenException('Agents can change only their own availability.');
    }
    const updated = await this.staff.setAvailability(id, available);
    if (!updated) throw new NotFoundException(`No staff account with id ${id}.`);
    this.logger.log({ staffId: id, available, by: actor?.id }, 'Staff availability changed');
    return toStaffOutput(updated);
  }

  /** An admin cannot remove themselves, so a team always keeps an admin who can sign in. */
  async remove(id: string, actingStaffId: string | undefined): Promise<void> {
    const target = await this.staff.findById(id);
    if (!target) throw new NotFoundException(`No staff account with id ${id}.`);
    if (target.id === actingStaffId) {
      throw new ConflictException('You cannot remove your own account.');
    }
    if (target.role === 'admin' && (await this.staff.countAdmins()) <= 1) {
      throw new ConflictException('The last admin cannot be removed.');
    }
    await this.staff.delete(id);
    this.logger.log({ staffId: id, by: actingStaffId }, 'Staff account removed');
    // Its sessions went with it: their live streams, on every API process, end now.
    await this.revocations.announce({ staffId: id });
  }

  /** The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD, when the team has no account yet. */
  async ensureFirstAdmin(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password || (await this.staff.count()) > 0) return;
    await this.create({ email, name: 'Administrator', role: 'admin', password });
  }

  async hasAdmin(): Promise<boolean> {
    return (await this.staff.countAdmins()) > 0;
  }
}
