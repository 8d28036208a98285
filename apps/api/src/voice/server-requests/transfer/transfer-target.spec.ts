import { DateTime } from 'luxon';
import { parseDailyHours } from '../agent-hours';
import { chooseTransferTarget, type TeamHours, type TransferCandidate } from './transfer-target';

const ZONE = 'Asia/Kolkata';
const kolkata = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
const TEAM: TeamHours = { callingHours: parseDailyHours('09:00-21:00')!, workingHours: parseDailyHours('09:00-18:00')!, holidays: new Set(['2026-11-28']), timeZone: ZONE };
const member = (id: string, changes: Partial<TransferCandidate> = {}): TransferCandidate => ({
  id,
  name: `${id} Kumar`,
  role: 'agent',
  available: true,
  phone: `+9198000000${id.length}`,
  workingHours: null,
  routingTurn: 0,
  ...changes,
});
const FRIDAY_NOON = kolkata('2026-11-27T12:00');

describe('chooseTransferTarget', () => {
  it('puts the caller through to the owner while they can take it', () => {
    const owner = member('ravi');
    expect(chooseTransferTarget(owner, [owner, member('meera')], TEAM, FRIDAY_NOON)).toEqual({ kind: 'connect', member: owner });
  });

  it('else to the first agent who can, in routing order (lowest turn, then id), skipping the unavailable, phoneless and off-hours', () => {
    const owner = member('ravi', { available: false });
    const staff = [owner, member('zoya', { routingTurn: 1 }), member('amit', { routingTurn: 1 }), member('neha', { routingTurn: 0, phone: null }), member('kiran', { routingTurn: 0, workingHours: '14:00-20:00' })];
    expect(chooseTransferTarget(owner, staff, TEAM, FRIDAY_NOON)).toMatchObject({ kind: 'connect', member: { id: 'amit' } });
    // An admin is put through only as the lead's owner.
    expect(chooseTransferTarget(null, [member('boss', { role: 'admin' })], TEAM, FRIDAY_NOON)).toMatchObject({ kind: 'nobody', assignee: null });
  });

  it("keeps a member to their hours within the calling hours: a member working till 22:00 takes no call after 21:00", () => {
    const owner = member('ravi', { workingHours: '12:00-22:00' });
    expect(chooseTransferTarget(owner, [owner], TEAM, kolkata('2026-11-27T20:30'))).toMatchObject({ kind: 'connect' });
    expect(chooseTransferTarget(owner, [owner], TEAM, kolkata('2026-11-27T21:15'))).toEqual({ kind: 'nobody', assignee: owner, callbackAt: kolkata('2026-11-29T12:00') });
  });

  it('when nobody can, gives the callback to the owner, else the next available agent by routing, due when they next work', () => {
    const away = [member('ravi', { available: false, routingTurn: 0 }), member('meera', { available: false, routingTurn: 3 })];
    expect(chooseTransferTarget(away[1], away, TEAM, FRIDAY_NOON)).toEqual({ kind: 'nobody', assignee: away[1], callbackAt: FRIDAY_NOON });
    const someOffHours = [member('ravi', { available: false }), member('meera', { routingTurn: 2, workingHours: '15:00-18:00' })];
    expect(chooseTransferTarget(null, someOffHours, TEAM, FRIDAY_NOON)).toEqual({ kind: 'nobody', assignee: someOffHours[1], callbackAt: kolkata('2026-11-27T15:00') });
    expect(chooseTransferTarget(null, [], TEAM, kolkata('2026-11-27T19:00'))).toEqual({ kind: 'nobody', assignee: null, callbackAt: kolkata('2026-11-29T09:00') });
  });
});
