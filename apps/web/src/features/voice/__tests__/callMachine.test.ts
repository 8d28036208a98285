import { describe, expect, it } from 'vitest';
import {
  callReducer,
  canStartCall,
  hasRepeatedFailures,
  initialCallState,
  isCallPending,
  type CallEvent,
  type CallState,
  type CallStatus,
} from '../callMachine';

const run = (events: CallEvent[], from: CallState = initialCallState) => events.reduce(callReducer, from);
const at = (status: CallStatus, extra: Partial<CallState> = {}): CallState => ({ ...initialCallState, status, ...extra });

const ALL_EVENTS: CallEvent[] = [
  { type: 'START_REQUESTED' },
  { type: 'START_RETURNED', callCreated: true },
  { type: 'START_RETURNED', callCreated: false },
  { type: 'START_FAILED', failure: 'start-failed' },
  { type: 'CALL_STARTED' },
  { type: 'VOLUME_CHANGED', level: 0.5 },
  { type: 'STOP_REQUESTED' },
  { type: 'STOP_FINISHED' },
  { type: 'CALL_ENDED' },
  { type: 'SDK_ERROR', failure: 'connection-failed' },
];

describe('callReducer', () => {
  it('starts idle', () => {
    expect(initialCallState).toEqual({ status: 'idle', failure: null, failureCount: 0, volume: 0 });
  });

  it('idle → connecting on a start request', () => {
    expect(callReducer(at('idle'), { type: 'START_REQUESTED' }).status).toBe('connecting');
  });

  it.each(ALL_EVENTS.filter((event) => event.type !== 'START_REQUESTED'))('idle ignores $type', (event) => {
    expect(callReducer(at('idle'), event)).toEqual(at('idle'));
  });

  it('connecting → connected on call-start, clearing earlier failures', () => {
    expect(callReducer(at('connecting', { failureCount: 2 }), { type: 'CALL_STARTED' })).toEqual(at('connected'));
  });

  it('stays connecting when start() returns a created call, waiting for call-start', () => {
    expect(callReducer(at('connecting'), { type: 'START_RETURNED', callCreated: true })).toEqual(at('connecting'));
  });

  it('connecting → error when start() returns no call', () => {
    expect(callReducer(at('connecting'), { type: 'START_RETURNED', callCreated: false })).toEqual(
      at('error', { failure: 'start-failed', failureCount: 1 }),
    );
  });

  it.each([
    [{ type: 'START_FAILED', failure: 'unauthorized' }, 'unauthorized'],
    [{ type: 'START_FAILED', failure: 'assistant-missing' }, 'assistant-missing'],
    [{ type: 'SDK_ERROR', failure: 'connection-failed' }, 'connection-failed'],
    [{ type: 'SDK_ERROR', failure: 'microphone-blocked' }, 'microphone-blocked'],
  ] as const)('connecting → error on %o', (event, failure) => {
    expect(callReducer(at('connecting'), event)).toEqual(at('error', { failure, failureCount: 1 }));
  });

  it('connecting → idle when the call ends before it went live', () => {
    expect(callReducer(at('connecting'), { type: 'CALL_ENDED' }).status).toBe('idle');
  });

  it.each([{ type: 'START_REQUESTED' }, { type: 'STOP_REQUESTED' }, { type: 'VOLUME_CHANGED', level: 1 }] as const)(
    'connecting ignores $type (a start is pending)',
    (event) => {
      expect(callReducer(at('connecting'), event)).toEqual(at('connecting'));
    },
  );

  it('follows volume-level while connected, clamped to 0..1', () => {
    expect(run([{ type: 'VOLUME_CHANGED', level: 0.42 }], at('connected')).volume).toBe(0.42);
    expect(run([{ type: 'VOLUME_CHANGED', level: 3 }], at('connected')).volume).toBe(1);
    expect(run([{ type: 'VOLUME_CHANGED', level: -1 }], at('connected')).volume).toBe(0);
  });

  it('connected → idle on call-end', () => {
    expect(callReducer(at('connected', { volume: 0.7 }), { type: 'CALL_ENDED' })).toEqual(at('idle'));
  });

  it('connected → ending → idle when the visitor ends the call', () => {
    const ending = callReducer(at('connected'), { type: 'STOP_REQUESTED' });
    expect(ending.status).toBe('ending');
    expect(callReducer(ending, { type: 'STOP_FINISHED' })).toEqual(at('idle'));
    expect(callReducer(ending, { type: 'CALL_ENDED' })).toEqual(at('idle'));
  });

  it('connected → error on an SDK error', () => {
    expect(callReducer(at('connected'), { type: 'SDK_ERROR', failure: 'connection-failed' })).toEqual(
      at('error', { failure: 'connection-failed', failureCount: 1 }),
    );
  });

  it.each([{ type: 'START_REQUESTED' }, { type: 'START_RETURNED', callCreated: true }, { type: 'CALL_STARTED' }] as const)(
    'connected ignores $type',
    (event) => {
      expect(callReducer(at('connected'), event)).toEqual(at('connected'));
    },
  );

  it.each(ALL_EVENTS.filter((event) => event.type !== 'STOP_FINISHED' && event.type !== 'CALL_ENDED'))(
    'ending ignores $type (a stop is pending)',
    (event) => {
      expect(callReducer(at('ending'), event)).toEqual(at('ending'));
    },
  );

  it('error → connecting on a retry, keeping the failure count', () => {
    expect(callReducer(at('error', { failure: 'start-failed', failureCount: 2 }), { type: 'START_REQUESTED' })).toEqual(
      at('connecting', { failureCount: 2 }),
    );
  });

  it('error ignores the late signals of the failed attempt', () => {
    const failed = at('error', { failure: 'connection-failed', failureCount: 1 });
    for (const event of ALL_EVENTS.filter((candidate) => candidate.type !== 'START_REQUESTED')) {
      expect(callReducer(failed, event)).toEqual(failed);
    }
  });

  it('counts failures in a row and reports more than two as repeated', () => {
    const attempt: CallEvent[] = [{ type: 'START_REQUESTED' }, { type: 'START_FAILED', failure: 'start-failed' }];
    const twice = run([...attempt, ...attempt]);
    expect(twice.failureCount).toBe(2);
    expect(hasRepeatedFailures(twice)).toBe(false);
    const thrice = run(attempt, twice);
    expect(thrice.failureCount).toBe(3);
    expect(hasRepeatedFailures(thrice)).toBe(true);
    const recovered = run([{ type: 'START_REQUESTED' }, { type: 'CALL_STARTED' }], thrice);
    expect(hasRepeatedFailures(recovered)).toBe(false);
  });

  it('counts one failure when the SDK both emits an error and resolves start() with no call', () => {
    const state = run([
      { type: 'START_REQUESTED' },
      { type: 'SDK_ERROR', failure: 'unauthorized' },
      { type: 'START_RETURNED', callCreated: false },
    ]);
    expect(state).toEqual(at('error', { failure: 'unauthorized', failureCount: 1 }));
  });
});

describe('state predicates', () => {
  it.each([
    ['idle', true, false],
    ['connecting', false, true],
    ['connected', false, false],
    ['ending', false, true],
    ['error', true, false],
  ] as const)('%s: can start %s, pending %s', (status, startable, pending) => {
    expect(canStartCall(status)).toBe(startable);
    expect(isCallPending(status)).toBe(pending);
  });
});
