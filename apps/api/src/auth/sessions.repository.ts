import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';
import { Database } from '../database/database';
import { sql } from '../database/sql';
import type { StaffPrincipal } from './staff-session';

/** The only place that queries staff sessions. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly database: Database) {}

  create(session: { id: string; staffUserId: string; expiresAt: Date }) {
    return this.database.client.staffSession.create({ data: session });
  }

  /**
   * The staff member of a session neither revoked nor expired. Every request in staff mode
   * asks, so it is one statement on the read side: the ORM's lookup with its member took
   * a third of a duplicates page's time.
   */
  async findActive(id: string, now = new Date()): Promise<StaffPrincipal | null> {
    const [principal] = await this.database.rows<Omit<StaffPrincipal, 'role'> & { role: string }>(sql`
      SELECT u.id, u.email, u.name, u.role, s.id AS "sessionId"
      FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_user_id
      WHERE s.id = ${id} AND s.revoked_at IS NULL AND s.expires_at > ${now}`);
    return principal ? { ...principal, role: principal.role as StaffRole } : null;
  }

  async revoke(id: string): Promise<void> {
    await this.database.client.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  }
}
