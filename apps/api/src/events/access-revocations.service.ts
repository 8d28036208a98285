import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Subject, type Observable } from 'rxjs';
import { Database } from '../database/database';

/** Who lost access: one session (signed out), or every session of a member of staff (removed, or their access changed). */
export type AccessRevocation = { sessionId: string } | { staffId: string };

const CHANNEL = 'lead_desk_access_revoked';

/**
 * Tells every API process that a session or a member of staff lost access, through the
 * live events' own channel kind (PostgreSQL: LISTEN/NOTIFY; SQLite: within the process),
 * so the live streams they hold end at once. Notifications arrive in commit order, so
 * no event committed after the revocation reaches those streams.
 */
@Injectable()
export class AccessRevocations implements OnModuleInit {
  private readonly logger = new Logger(AccessRevocations.name);
  private readonly revocations = new Subject<AccessRevocation>();

  constructor(private readonly database: Database) {}

  get stream(): Observable<AccessRevocation> {
    return this.revocations.asObservable();
  }

  async onModuleInit(): Promise<void> {
    await this.database.listen(CHANNEL, async (payloads) => {
      for (const payload of payloads) this.revocations.next(JSON.parse(payload) as AccessRevocation);
    });
  }

  /** Announces a revocation; call it after it has committed. */
  async announce(revocation: AccessRevocation): Promise<void> {
    try {
      await this.database.publish(CHANNEL, [JSON.stringify(revocation)]);
    } catch (error) {
      // The revocation itself is stored: each process's periodic check of its streams' sessions still ends them.
      this.logger.error({ err: error, revocation }, 'Could not announce a revoked access to the live streams');
    }
  }
}
