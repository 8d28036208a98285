import { Logger } from '@nestjs/common';
import { Subject } from 'rxjs';
import type { AuthService, LiveSession } from '../auth/auth.service';
import type { StaffPrincipal } from '../auth/staff-session';
import type { AppConfig } from '../config/app-config';
import type { AccessRevocation, AccessRevocations } from './access-revocations.service';
import { LiveStreamSessions } from './live-stream-sessions';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const principal = (id: string, sessionId: string, role: StaffPrincipal['role'] = 'agent'): StaffPrincipal => ({ id, email: `${id}@example.in`, name: id, role, sessionId });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveStreamSessions', () => {
  /** The sessions the database holds as active, by id. */
  let active: Map<string, LiveSession>;
  let revocations: Subject<AccessRevocation>;
  let sessions: LiveStreamSessions;

  // The log line of each ended stream is not what these tests are about.
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    active = new Map();
    revocations = new Subject();
    const auth = { liveSessions: async (ids: string[]) => new Map([...active].filter(([id]) => ids.includes(id))) } as unknown as AuthService;
    sessions = new LiveStreamSessions(auth, { stream: revocations.asObservable() } as unknown as AccessRevocations, { EVENTS_SESSION_CHECK_SECONDS: 300 } as AppConfig);
    sessions.onModuleInit();
  });
  afterEach(async () => {
    await sessions.onModuleDestroy();
    jest.restoreAllMocks();
  });

  const follow = (staff: StaffPrincipal) => {
    const end = jest.fn();
    return { end, session: sessions.follow(staff, end) };
  };
  const activeFor = (staffId: string, role: StaffPrincipal['role'], expiresInMs = 3_600_000): LiveSession => ({ staffId, role, expiresAt: new Date(NOW + expiresInMs) });

  it('sends no event past the expiry it read, and ends the stream instead', async () => {
    active.set('s1', activeFor('ravi', 'agent', 60_000));
    const { end, session } = follow(principal('ravi', 's1'));
    await settled();
    expect(session.mayReceive()).toBe(true);
    jest.spyOn(Date, 'now').mockReturnValue(NOW + 60_000);
    expect(session.mayReceive()).toBe(false);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('ends at once the streams of a revoked session, or of every session of a revoked member, and no other', async () => {
    for (const [id, staffId] of [['s1', 'ravi'], ['s2', 'ravi'], ['s3', 'meera']]) active.set(id, activeFor(staffId, 'agent'));
    const [first, second, meeras] = [follow(principal('ravi', 's1')), follow(principal('ravi', 's2')), follow(principal('meera', 's3'))];
    await settled();
    revocations.next({ sessionId: 's1' });
    expect([first.end.mock.calls.length, second.end.mock.calls.length, meeras.end.mock.calls.length]).toEqual([1, 0, 0]);
    revocations.next({ staffId: 'ravi' });
    expect([first.end.mock.calls.length, second.end.mock.calls.length, meeras.end.mock.calls.length]).toEqual([1, 1, 0]);
    expect([first.session.mayReceive(), second.session.mayReceive(), meeras.session.mayReceive()]).toEqual([false, false, true]);
  });

  it('ends, on reading the sessions, a stream whose session is no longer active or whose member has another role', async () => {
    active.set('kept', activeFor('ravi', 'agent'));
    active.set('demoted', activeFor('asha', 'agent'));
    const [kept, gone, demoted] = [follow(principal('ravi', 'kept')), follow(principal('meera', 'gone')), follow(principal('asha', 'demoted', 'admin'))];
    await settled();
    expect([kept.end.mock.calls.length, gone.end.mock.calls.length, demoted.end.mock.calls.length]).toEqual([0, 1, 1]);
  });

  it('forgets a stream the browser closed: a later revocation does not end it again', async () => {
    active.set('s1', activeFor('ravi', 'agent'));
    const { end, session } = follow(principal('ravi', 's1'));
    await settled();
    session.release();
    revocations.next({ staffId: 'ravi' });
    expect(end).not.toHaveBeenCalled();
  });
});
