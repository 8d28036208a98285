import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';

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
      where: { id, revokedAt: null, expiresAt: { gt: now } },
      include: { staffUser: true },
    });
  }

  async revoke(id: string): Promise<void> {
    await this.database.client.staffSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  }
}
