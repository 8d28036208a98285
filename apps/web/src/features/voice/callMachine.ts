// The browser voice call as a pure state machine: the provider feeds it SDK events, the button renders its state.

export type CallStatus = 'idle' | 'connecting' | 'connected' | 'ending' | 'error';

export type CallFailure = 'assistant-missing' | 'start-failed' | 'unauthorized' | 'connection-failed' | 'microphone-blocked';

export interface CallState {
  status: CallStatus;
  failure: CallFailure | null;
  /** Failures since the last call that went live. */
  failureCount: number;
  /** The agent's voice level from 0 to 1 while connected. */
  volume: number;
}

export type CallEvent =
  | { type: 'START_REQUESTED' }
  /** start() resolved; the SDK resolves null instead of throwing when it could not create the call. */
  | { type: 'START_RETURNED'; callCreated: boolean }
  | { type: 'START_FAILED'; failure: CallFailure }
  | { type: 'CALL_STARTED' }
  | { type: 'VOLUME_CHANGED'; level: number }
  | { type: 'STOP_REQUESTED' }
  | { type: 'STOP_FINISHED' }
  | { type: 'CALL_ENDED' }
  | { type: 'SDK_ERROR'; failure: CallFailure };

export const initialCallState: CallState = { status: 'idle', failure: null, failureCount: 0, volume: 0 };

/** More than this many failures in a row suggests the network rather than the call. */
const TOLERATED_FAILURES = 2;

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (state.status) {
    case 'idle':
    case 'error':
      return event.type === 'START_REQUESTED' ? { ...state, status: 'connecting', failure: null } : state;
    case 'connecting':
      switch (event.type) {
        case 'CALL_STARTED':
          return { status: 'connected', failure: null, failureCount: 0, volume: 0 };
        case 'START_RETURNED':
          return event.callCreated ? state : fail(state, 'start-failed');
        case 'START_FAILED':
        case 'SDK_ERROR':
          return fail(state, event.failure);
        case 'CALL_ENDED':
          return { ...state, status: 'idle' };
        default:
          return state;
      }
    case 'connected':
      switch (event.type) {
        case 'VOLUME_CHANGED':
          return { ...state, volume: Math.min(1, Math.max(0, event.level)) };
        case 'STOP_REQUESTED':
          return { ...state, status: 'ending' };
        case 'CALL_ENDED':
          return { ...state, status: 'idle', volume: 0 };
        case 'SDK_ERROR':
          return fail(state, event.failure);
        default:
          return state;
      }
    case 'ending':
      // Errors while hanging up are moot: the visitor asked for the call to end.
      return event.type === 'STOP_FINISHED' || event.type === 'CALL_ENDED' ? { ...state, status: 'idle', volume: 0 } : state;
  }
}

function fail(state: CallState, failure: CallFailure): CallState {
  return { status: 'error', failure, failureCount: state.failureCount + 1, volume: 0 };
}

export function canStartCall(status: CallStatus): boolean {
  return status === 'idle' || status === 'error';
}

/** A start or a stop is under way: the controls wait for it. */
export function isCallPending(status: CallStatus): boolean {
  return status === 'connecting' || status === 'ending';
}

export function hasRepeatedFailures(state: CallState): boolean {
  return state.failureCount > TOLERATED_FAILURES;
}
