import { describe, expect, it } from 'vitest';
import { closedCall, outboundCallReducer, type OutboundCallEvent, type OutboundCallState } from '../outboundCallMachine';

const target = { leadId: 'lead-1', name: 'Aarav Sharma', phone: '98765 43210' };
const run = (events: OutboundCallEvent[], from: OutboundCallState = closedCall) => events.reduce(outboundCallReducer, from);
const update = (status: string, id = 'call-1', endedReason: string | null = null, durationSeconds: number | null = null): OutboundCallEvent => ({
  type: 'CALL_UPDATED',
  call: { id, status, endedReason, durationSeconds },
});
const placed: OutboundCallEvent = { type: 'PLACED', callId: 'call-1', number: '+919876543210', status: 'queued' };

describe('the outbound call machine', () => {
  it('opens idle on its target, with no number yet', () => {
    expect(run([{ type: 'OPEN', target }])).toEqual({ ...closedCall, status: 'idle', target });
  });

  it('opens on a lead without a phone as no-phone, where no call can start', () => {
    const noPhone = run([{ type: 'OPEN', target: { ...target, phone: null } }]);
    expect(noPhone).toEqual({ ...closedCall, status: 'no-phone', target: { ...target, phone: null } });
    expect(outboundCallReducer(noPhone, { type: 'START' })).toBe(noPhone);
    expect(outboundCallReducer(noPhone, placed)).toBe(noPhone);
    expect(outboundCallReducer(noPhone, { type: 'FAILED', message: 'late' })).toBe(noPhone);
    expect(run([{ type: 'OPEN', target }], noPhone).status).toBe('idle');
  });

  it('dials the number the server normalised, then follows the call to its end', () => {
    const dialing = run([{ type: 'OPEN', target }, { type: 'START' }]);
    expect(dialing).toMatchObject({ status: 'dialing', number: null, callId: null });

    const withNumber = outboundCallReducer(dialing, placed);
    expect(withNumber).toMatchObject({ status: 'dialing', number: '+919876543210', callId: 'call-1' });

    const ringing = outboundCallReducer(withNumber, update('ringing'));
    expect(ringing.status).toBe('dialing');
    const talking = outboundCallReducer(ringing, update('in-progress'));
    expect(talking.status).toBe('in-progress');
    const ended = outboundCallReducer(talking, update('ended', 'call-1', 'customer-ended-call', 192.5));
    expect(ended).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call', durationSeconds: 192.5, number: '+919876543210' });
  });

  it('ignores updates about other calls', () => {
    const dialing = run([{ type: 'OPEN', target }, { type: 'START' }, placed]);
    expect(outboundCallReducer(dialing, update('in-progress', 'call-2'))).toBe(dialing);
  });

  it('only moves forward: a late "ringing" does not undo "in-progress", nor "in-progress" an end', () => {
    const talking = run([{ type: 'OPEN', target }, { type: 'START' }, placed, update('in-progress')]);
    expect(outboundCallReducer(talking, update('ringing')).status).toBe('in-progress');
    const ended = outboundCallReducer(talking, update('ended', 'call-1', 'assistant-ended-call'));
    expect(outboundCallReducer(ended, update('in-progress')).status).toBe('ended');
  });

  it('jumps ahead when the answer already reports a later status', () => {
    const state = run([{ type: 'OPEN', target }, { type: 'START' }, { ...placed, status: 'in-progress' }]);
    expect(state.status).toBe('in-progress');
  });

  it("shows the server's message when the call cannot be placed, and may try again", () => {
    const failed = run([{ type: 'OPEN', target }, { type: 'START' }, { type: 'FAILED', message: 'No phone number found.' }]);
    expect(failed).toMatchObject({ status: 'error', error: 'No phone number found.', target });
    expect(outboundCallReducer(failed, { type: 'START' })).toMatchObject({ status: 'dialing', error: null, target });
  });

  it('Cancel closes the dialog and forgets the target and its number', () => {
    const dialing = run([{ type: 'OPEN', target }, { type: 'START' }, placed]);
    expect(outboundCallReducer(dialing, { type: 'CANCEL' })).toEqual(closedCall);
  });

  it('ignores an answer that arrives after Cancel', () => {
    const cancelled = run([{ type: 'OPEN', target }, { type: 'START' }, { type: 'CANCEL' }]);
    expect(outboundCallReducer(cancelled, placed)).toEqual(closedCall);
    expect(outboundCallReducer(cancelled, { type: 'FAILED', message: 'late' })).toEqual(closedCall);
  });

  it('starts nothing without a target, and nothing twice while a call is under way', () => {
    expect(outboundCallReducer(closedCall, { type: 'START' })).toBe(closedCall);
    const dialing = run([{ type: 'OPEN', target }, { type: 'START' }, placed]);
    expect(outboundCallReducer(dialing, { type: 'START' })).toBe(dialing);
    expect(outboundCallReducer(dialing, { ...placed, callId: 'call-9' })).toBe(dialing);
  });

  it('may call again after a call ended', () => {
    const ended = run([{ type: 'OPEN', target }, { type: 'START' }, placed, update('ended')]);
    expect(outboundCallReducer(ended, { type: 'START' })).toMatchObject({ status: 'dialing', callId: null, number: null, target });
  });
});
