import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { UtcTimeText } from '../database/models';
import { join, sql } from '../database/sql';
import type { StaffPrincipal } from './staff-session';

/** A session (`s`) that lets its member in: neither revoked nor expired. */
const activeAt = (now: Date) => sql`s.revoked_at IS NULL AND s.expires_at > ${now}`;

/** The only place that queries staff sessions. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly database: Database) {}

  create(session: { id: string; staffUserId: string; expiresAt: Date }) {
    return this.database.client.staffSession.create({ data: session });
  }

  /**
   * The staff member of a session that lets them in. Every request in staff mode asks, so it
   * is one statement on the read side: the ORM's lookup with its member took a third of a
   * duplicates page's time.
   */
  async findActive(id: string, now = new Date()): Promise<StaffPrincipal | null> {
    const [principal] = await this.database.rows<Omit<StaffPrincipal, 'role'> & { role: string }>(sql`
      SELECT u.id, u.email, u.name, u.role, s.id AS "sessionId"
      FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_user_id
      WHERE s.id = ${id} AND ${activeAt(now)}`);
    return principal ? { ...principal, role: principal.role as StaffRole } : null;
  }

  /** Those of the sessions that let their member in, each with its member's id and role, by the rule of findActive. */
  async findActiveByIds(ids: string[], now = new Date()): Promise<{ id: string; expiresAt: Date; staffId: string; role: StaffRole }[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.rows<{ id: string; expiresAt: UtcTimeText; staffId: string; role: StaffRole }>(sql`
      SELECT s.id, s.expires_at AS "expiresAt", u.id AS "staffId", u.role
      FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_user_id
      WHERE s.id IN (${join(ids)}) AND ${activeAt(now)}`);
    return rows.map((row) => ({ ...row, expiresAt: new Date(row.expiresAt) }));
  }

  async revoke(id: string): Promise<void> {
    await this.database.client.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  }
}
