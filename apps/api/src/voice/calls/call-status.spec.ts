import { Vapi } from '@vapi-ai/server-sdk';
import { laterStatus } from './call-status';

/** Every status of Vapi's enum, in the SDK's order (the OpenAPI document's). */
const STATUSES = Object.values(Vapi.ServerMessageStatusUpdateStatus);
const TERMINAL = ['ended', 'not-found', 'deletion-failed'];

describe('laterStatus', () => {
  it("knows every status of Vapi's enum", () => {
    expect(STATUSES).toEqual(['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended', 'not-found', 'deletion-failed']);
    expect(Object.values(Vapi.CallStatus)).toEqual(STATUSES);
  });

  it.each(STATUSES)('never replaces a status that ended the call with %s', (incoming) => {
    for (const terminal of TERMINAL) expect(laterStatus(terminal, incoming)).toBe(terminal);
  });

  it('moves a running call forward through every later status, and never back', () => {
    const running = STATUSES.filter((status) => !TERMINAL.includes(status));
    running.forEach((current, i) => {
      STATUSES.forEach((incoming, j) => expect(laterStatus(current, incoming)).toBe(j >= i ? incoming : current));
    });
  });

  it('takes the first status a call gets, and keeps a known status over one Vapi does not list', () => {
    expect(laterStatus(null, 'ringing')).toBe('ringing');
    expect(laterStatus('in-progress', 'paused-for-maintenance')).toBe('in-progress');
    expect(laterStatus('paused-for-maintenance', 'queued')).toBe('queued');
  });
});
