import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';

/** A session that lets its member in: neither revoked nor expired. */
const activeAt = (now: Date) => ({ revokedAt: null, expiresAt: { gt: now } });

/** The only place that queries staff sessions. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly database: Database) {}

  create(session: { id: string; staffUserId: string; expiresAt: Date }) {
    return this.database.client.staffSession.create({ data: session });
  }

  /** The session with its staff member, if it is neither revoked nor expired. */
  findActive(id: string, now = new Date()) {
    return this.database.client.staffSession.findFirst({
      where: { id, ...activeAt(now) },
      include: { staffUser: true },
    });
  }

  /** Those of the sessions that are neither revoked nor expired, each with its member's id and role, by the rule of findActive. */
  findActiveByIds(ids: string[], now = new Date()) {
    return this.database.client.staffSession.findMany({
      where: { id: { in: ids }, ...activeAt(now) },
      select: { id: true, expiresAt: true, staffUser: { select: { id: true, role: true } } },
    });
  }

  async revoke(id: string): Promise<void> {
    await this.database.client.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  }
}
