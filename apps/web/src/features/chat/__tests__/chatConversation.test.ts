import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState, isAgentTyping, nextToSend, settledForReload, type ChatEvent, type ChatState } from '../chatConversation';

const SESSION = { sessionId: 'session-1', expiresAt: '2026-11-28T12:00:00.000Z' };
const run = (...events: ChatEvent[]) => events.reduce<ChatState>(chatReducer, initialChatState);
const shown = (state: ChatState) => state.lines.map((line) => `${line.author}:${line.status}:${line.text}`);

describe('chatReducer', () => {
  it('sends one message at a time, in the order written, the agent typing until its first words', () => {
    let state = run({ type: 'QUEUED', text: 'Hello' });
    expect(nextToSend(state)?.id).toBe('m1');
    state = chatReducer(state, { type: 'SENDING', id: 'm1' });
    expect(isAgentTyping(state)).toBe(true);
    state = chatReducer(state, { type: 'QUEUED', text: 'Any villas in Goa?' });
    expect(nextToSend(state)).toBeNull();

    state = chatReducer(chatReducer(state, { type: 'SESSION', session: SESSION }), { type: 'DELTA', id: 'm1', text: 'Hi, ' });
    expect(isAgentTyping(state)).toBe(false);
    state = chatReducer(state, { type: 'DELTA', id: 'm1', text: 'how can I help?' });
    expect(shown(state)).toEqual(['visitor:sending:Hello', 'agent:streaming:Hi, how can I help?', 'visitor:queued:Any villas in Goa?']);

    state = chatReducer(state, { type: 'ANSWERED', id: 'm1' });
    expect(shown(state)).toEqual(['visitor:sent:Hello', 'agent:complete:Hi, how can I help?', 'visitor:queued:Any villas in Goa?']);
    expect(state.session).toEqual(SESSION);
    expect(nextToSend(state)?.text).toBe('Any villas in Goa?');
  });

  it('on a failure, takes the message and those queued behind it out of the conversation, in order, and waits', () => {
    const state = run(
      { type: 'QUEUED', text: 'First' },
      { type: 'SENDING', id: 'm1' },
      { type: 'DELTA', id: 'm1', text: 'Half an ans' },
      { type: 'QUEUED', text: 'Second' },
      { type: 'FAILED', id: 'm1', message: 'The agent is not available just now.' },
    );
    expect(state.lines).toEqual([]);
    expect(state.failure).toEqual({ message: 'The agent is not available just now.', unsent: 'First\n\nSecond' });
    expect(nextToSend(state)).toBeNull();

    const again = chatReducer(state, { type: 'QUEUED', text: 'First\n\nSecond' });
    expect(again.failure).toBeNull();
    expect(nextToSend(again)?.id).toBe('m3');
  });

  it('ignores what comes for a message no longer being answered', () => {
    const ended = run({ type: 'QUEUED', text: 'Hello' }, { type: 'SENDING', id: 'm1' }, { type: 'ENDED' });
    expect(run({ type: 'QUEUED', text: 'Hello' }, { type: 'SENDING', id: 'm1' }, { type: 'ENDED' }, { type: 'DELTA', id: 'm1', text: 'late' })).toEqual(ended);
    expect(chatReducer(ended, { type: 'FAILED', id: 'm1', message: 'late' })).toBe(ended);
    expect(chatReducer(ended, { type: 'ANSWERED', id: 'm1' })).toBe(ended);
  });

  it('forgets the conversation when it is ended or expires, saying which, and keeps ids unique', () => {
    const talked = run({ type: 'QUEUED', text: 'Hello' }, { type: 'SENDING', id: 'm1' }, { type: 'SESSION', session: SESSION }, { type: 'ANSWERED', id: 'm1' });
    const ended = chatReducer(talked, { type: 'ENDED' });
    expect(ended).toMatchObject({ session: null, lines: [], failure: null, closed: 'ended' });
    expect(chatReducer(talked, { type: 'EXPIRED' }).closed).toBe('expired');
    const next = chatReducer(ended, { type: 'QUEUED', text: 'Hello again' });
    expect(next.lines[0].id).toBe('m2');
    expect(next.closed).toBeNull();
  });

  it('after a reload, counts what was being sent as sent and keeps the words that came', () => {
    const state = run({ type: 'QUEUED', text: 'Hello' }, { type: 'SENDING', id: 'm1' }, { type: 'DELTA', id: 'm1', text: 'Hi' }, { type: 'QUEUED', text: 'Later' });
    expect(shown(settledForReload(state))).toEqual(['visitor:sent:Hello', 'agent:complete:Hi', 'visitor:queued:Later']);
    expect(nextToSend(settledForReload(state))?.text).toBe('Later');
  });
});
