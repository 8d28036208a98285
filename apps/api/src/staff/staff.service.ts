import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { StaffProfile, StaffProfileChanges, StaffRole } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashPassword } from '../auth/password-hasher';
import type { StaffPrincipal } from '../auth/staff-session';
import { InvalidFieldsException, TakenFieldException } from '../common/field-errors';
import { normalizePhoneNumber } from '../leads/phone-number';
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

  async list(): Promise<StaffProfile[]> {
    return (await this.staff.list()).map(toStaffOutput);
  }

  /** The signed-in member's own account and profile. */
  async get(id: string): Promise<StaffProfile> {
    const member = await this.staff.findById(id);
    if (!member) throw new NotFoundException(`No staff account with id ${id}.`);
    return toStaffOutput(member);
  }

  async create(input: { email: string; name: string; role: StaffRole; password: string }): Promise<StaffProfile> {
    if (await this.staff.findByEmail(input.email)) {
      throw new TakenFieldException([{ field: 'email', message: 'is taken' }], `A staff account for ${input.email} exists already.`);
    }
    const created = await this.staff.create({ email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(input.password) });
    this.logger.log({ staffId: created.id, role: created.role }, 'Staff account created');
    return toStaffOutput(created);
  }

  /**
   * Admins change anyone's profile (availability, phone, working hours); an agent only their own
   * (open mode: anyone, as everything there). The phone is stored E.164, read in DEFAULT_PHONE_REGION.
   */
  async updateProfile(id: string, changes: Omit<StaffProfileChanges, 'phone'> & { phone?: string | null }, actor: StaffPrincipal | undefined): Promise<StaffProfile> {
    if (actor?.role === 'agent' && actor.id !== id) {
      throw new ForbiddenException('Agents can change only their own profile (availability, phone, working hours).');
    }
    const phone = changes.phone ? this.e164(changes.phone) : changes.phone;
    const updated = await this.staff.updateProfile(id, { available: changes.available, phone, workingHours: changes.workingHours });
    if (!updated) throw new NotFoundException(`No staff account with id ${id}.`);
    this.logger.log({ staffId: id, changed: Object.keys(changes), by: actor?.id }, 'Staff profile changed');
    return toStaffOutput(updated);
  }

  private e164(phone: string): string {
    const normalized = normalizePhoneNumber(phone, this.config.DEFAULT_PHONE_REGION);
    if (!normalized) throw new InvalidFieldsException([{ field: 'phone', message: `must be a valid phone number (national numbers are read as ${this.config.DEFAULT_PHONE_REGION})` }]);
    return normalized;
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
