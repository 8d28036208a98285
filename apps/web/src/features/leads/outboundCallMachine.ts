// The outbound call dialog as a pure state machine: the hook feeds it the API's answer and
// the call's live updates, the dialog renders its state.

export interface CallTarget {
  leadId: string;
  name: string;
  phone: string | null;
}

/** `no-phone`: the lead has no number to call, so no call can be started at all. */
export type OutboundCallStatus = 'idle' | 'no-phone' | 'dialing' | 'in-progress' | 'ended' | 'error';

export interface OutboundCallState {
  status: OutboundCallStatus;
  /** Whom the dialog is about; null when the dialog is closed. */
  target: CallTarget | null;
  /** Our call record's id, once POST /api/calls answered. */
  callId: string | null;
  /** The number being called, as the server normalised it. */
  number: string | null;
  endedReason: string | null;
  durationSeconds: number | null;
  /** The server's message when the call could not be placed. */
  error: string | null;
}

/** The parts of a call record the machine reads (GET /api/calls/:id and call.updated carry it). */
export interface CallUpdate {
  id: string;
  status: string;
  endedReason: string | null;
  durationSeconds: number | null;
}

export type OutboundCallEvent =
  | { type: 'OPEN'; target: CallTarget }
  | { type: 'START' }
  | { type: 'PLACED'; callId: string; number: string; status: string }
  | { type: 'FAILED'; message: string }
  | { type: 'CALL_UPDATED'; call: CallUpdate }
  | { type: 'CANCEL' };

export const closedCall: OutboundCallState = {
  status: 'idle',
  target: null,
  callId: null,
  number: null,
  endedReason: null,
  durationSeconds: null,
  error: null,
};

/** The voice platform's call statuses, as the dialog shows them. */
const PHASE_OF_STATUS: Record<string, OutboundCallStatus> = {
  scheduled: 'dialing',
  queued: 'dialing',
  ringing: 'dialing',
  'in-progress': 'in-progress',
  forwarding: 'in-progress',
  ended: 'ended',
};

const ORDER: OutboundCallStatus[] = ['dialing', 'in-progress', 'ended'];

export function outboundCallReducer(state: OutboundCallState, event: OutboundCallEvent): OutboundCallState {
  switch (event.type) {
    case 'OPEN':
      return { ...closedCall, target: event.target, status: event.target.phone ? 'idle' : 'no-phone' };
    case 'CANCEL':
      return closedCall;
    case 'START':
      return state.target && canStartCall(state.status) ? { ...closedCall, target: state.target, status: 'dialing' } : state;
    case 'PLACED':
      if (state.status !== 'dialing' || state.callId) return state;
      return advance({ ...state, callId: event.callId, number: event.number }, { id: event.callId, status: event.status, endedReason: null, durationSeconds: null });
    case 'FAILED':
      return state.status === 'dialing' && !state.callId ? { ...state, status: 'error', error: event.message } : state;
    case 'CALL_UPDATED':
      return state.callId === event.call.id ? advance(state, event.call) : state;
  }
}

/** Updates arrive out of order: a call only moves forward (a late "ringing" never undoes "in-progress"). */
function advance(state: OutboundCallState, call: CallUpdate): OutboundCallState {
  const phase = PHASE_OF_STATUS[call.status];
  if (!phase || ORDER.indexOf(phase) < ORDER.indexOf(state.status)) return state;
  if (phase !== 'ended') return { ...state, status: phase };
  return { ...state, status: 'ended', endedReason: call.endedReason, durationSeconds: call.durationSeconds };
}

/** A new call may start before the first attempt, after a failure and after a call ended; never without a number. */
export function canStartCall(status: OutboundCallStatus): boolean {
  return status === 'idle' || status === 'error' || status === 'ended';
}
