import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';
import type { Subscription } from 'rxjs';
import { AuthService } from '../auth/auth.service';
import type { StaffPrincipal } from '../auth/staff-session';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessRevocations, type AccessRevocation } from './access-revocations.service';

/** Why a stream was ended, for the log. */
type EndReason = 'signed out or removed' | 'session no longer active' | 'role changed' | 'session expired';

interface FollowedStream {
  sessionId: string;
  staffId: string;
  role: StaffRole;
  /** When the session expires, as last read; until the first read, the guard has just let it in. */
  expiresAt: number;
  end: () => void;
}

/** A stream's hold on its session: whether it may still be sent an event, and its release when it closes. */
export interface StreamSession {
  mayReceive(): boolean;
  release(): void;
}

/**
 * Ends a member of staff's live stream once their session no longer lets them in, on
 * every API process: at once when a sign-out or a removal is announced (AccessRevocations),
 * before any event once the session's expiry has passed, and otherwise within
 * EVENTS_SESSION_CHECK_SECONDS, when each process reads again, in one query, the sessions of
 * the streams it holds (an expired or revoked session, a removed member, a changed role).
 * A browser's EventSource then reconnects and is answered by the guard: 401, or a new stream
 * with the access it has now.
 */
@Injectable()
export class LiveStreamSessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveStreamSessions.name);
  private readonly streams = new Set<FollowedStream>();
  private revocations?: Subscription;
  private readonly checks = new PeriodicTask(
    () => this.checkSessions([...this.streams]),
    (error) => this.logger.error({ err: error, streams: this.streams.size }, "Could not check the live streams' sessions; the next check tries again"),
  );

  constructor(
    private readonly auth: AuthService,
    private readonly accessRevocations: AccessRevocations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.revocations = this.accessRevocations.stream.subscribe((revocation) => this.endRevoked(revocation));
    this.checks.start(this.config.EVENTS_SESSION_CHECK_SECONDS * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    this.revocations?.unsubscribe();
    await this.checks.stop();
  }

  /** Follows the session of a stream that has just opened; `end` ends the stream. */
  follow(staff: StaffPrincipal, end: () => void): StreamSession {
    const stream: FollowedStream = { sessionId: staff.sessionId, staffId: staff.id, role: staff.role, expiresAt: Infinity, end };
    this.streams.add(stream);
    // Read at once: its expiry, and a sign-out announced between the guard and now.
    this.checkSessions([stream]).catch((error: unknown) => this.logger.error({ err: error, staffId: stream.staffId }, "Could not check a new live stream's session; the next check tries again"));
    return {
      mayReceive: () => {
        if (!this.streams.has(stream)) return false;
        if (Date.now() < stream.expiresAt) return true;
        this.endStream(stream, 'session expired');
        return false;
      },
      release: () => this.streams.delete(stream),
    };
  }

  private endRevoked(revocation: AccessRevocation): void {
    for (const stream of this.streams) {
      if ('sessionId' in revocation ? stream.sessionId === revocation.sessionId : stream.staffId === revocation.staffId) this.endStream(stream, 'signed out or removed');
    }
  }

  private async checkSessions(streams: FollowedStream[]): Promise<void> {
    if (streams.length === 0) return;
    const live = await this.auth.liveSessions([...new Set(streams.map(({ sessionId }) => sessionId))]);
    for (const stream of streams) {
      const session = live.get(stream.sessionId);
      if (!session) this.endStream(stream, 'session no longer active');
      // The stream's access was the old role's: the browser reconnects with the new one.
      else if (session.role !== stream.role) this.endStream(stream, 'role changed');
      else stream.expiresAt = session.expiresAt.getTime();
    }
  }

  private endStream(stream: FollowedStream, reason: EndReason): void {
    if (!this.streams.delete(stream)) return;
    this.logger.log({ staffId: stream.staffId, reason }, 'Live stream ended with its session');
    stream.end();
  }
}
