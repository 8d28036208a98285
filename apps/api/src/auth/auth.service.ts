import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessRevocations } from '../events/access-revocations.service';
import { StaffRepository } from '../staff/staff.repository';
import { UNKNOWN_USER_HASH, verifyPassword } from './password-hasher';
import { csrfTokenOf, newSessionToken, sessionIdOf } from './session-token';
import { SessionsRepository } from './sessions.repository';
import { AccountSignInLimit } from './sign-in-limit/account-sign-in-limit';
import type { StaffPrincipal } from './staff-session';

/** A session that still lets its member in, as it stands now. */
export interface LiveSession {
  staffId: string;
  role: StaffRole;
  expiresAt: Date;
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  staff: StaffPrincipal;
  csrfToken: string;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  // Without SESSION_SECRET (allowed outside production) a per-process secret will do:
  // a restart only renews the CSRF tokens, which the page fetches again.
  private readonly secret: string;

  constructor(
    private readonly staff: StaffRepository,
    private readonly sessions: SessionsRepository,
    private readonly revocations: AccessRevocations,
    private readonly accountLimit: AccountSignInLimit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secret = config.SESSION_SECRET ?? randomBytes(32).toString('hex');
  }

  async signIn(email: string, password: string): Promise<SignedIn> {
    await this.accountLimit.admit(email);
    const account = await this.staff.findByEmail(email);
    // Verify against a dummy hash for unknown emails: the answer time must not tell which emails exist.
    const valid = await verifyPassword(password, account?.passwordHash ?? (await UNKNOWN_USER_HASH));
    if (!account || !valid) {
      // Not the email typed: it may be a customer's, or a password typed into the wrong box.
      this.logger.warn({ knownAccount: Boolean(account) }, 'Failed sign-in');
      throw new UnauthorizedException('Wrong email or password.');
    }
    await this.accountLimit.succeeded(email);
    const token = newSessionToken();
    const id = sessionIdOf(token);
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await this.sessions.create({ id, staffUserId: account.id, expiresAt });
    this.logger.log({ staffId: account.id }, 'Signed in');
    const staff = { id: account.id, email: account.email, name: account.name, role: account.role as StaffRole, sessionId: id };
    return { token, expiresAt, staff, csrfToken: this.csrfTokenFor(id) };
  }

  /** The staff member behind a session cookie, or null when it is unknown, revoked or expired. */
  async principalOf(token: string | undefined): Promise<StaffPrincipal | null> {
    if (!token) return null;
    return this.sessions.findActive(sessionIdOf(token));
  }

  /** Those of the sessions that still let their member in (principalOf's rule, for many at once), by id. */
  async liveSessions(sessionIds: string[]): Promise<Map<string, LiveSession>> {
    const sessions = await this.sessions.findActiveByIds(sessionIds);
    return new Map(sessions.map(({ id, ...live }) => [id, live]));
  }

  async signOut(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    // Its live streams, on every API process, end now rather than at the next check.
    await this.revocations.announce({ sessionId });
  }

  csrfTokenFor(sessionId: string): string {
    return csrfTokenOf(sessionId, this.secret);
  }
}
