// The visitor's chat with the agent as a pure state machine: the provider feeds it what the
// visitor does and what the answer's stream says, the panel renders it.

/** The session Vapi keeps the conversation in, as the API's `session` event gave it. */
export interface ChatSession {
  sessionId: string;
  /** ISO time after which Vapi has forgotten the session: the page forgets it too. */
  expiresAt: string;
}

/**
 * One message of the conversation. A visitor's is `queued` until it is its turn, `sending`
 * until its answer has finished, then `sent`; the agent's is `streaming` while its words come.
 */
export type ChatLine =
  | { id: string; author: 'visitor'; text: string; status: 'queued' | 'sending' | 'sent' }
  | { id: string; author: 'agent'; text: string; status: 'streaming' | 'complete' };

/** What went wrong, in words, and the visitor's words that were not answered: they go back in the box. */
export interface ChatFailure {
  message: string;
  unsent: string;
}

export interface ChatState {
  session: ChatSession | null;
  lines: ChatLine[];
  failure: ChatFailure | null;
  /** Why the conversation before this one is gone, said until the visitor writes again. */
  closed: 'ended' | 'expired' | null;
  /** Ids already given out, so each line's id stays unique after a reload. */
  lineCount: number;
}

export type ChatEvent =
  | { type: 'QUEUED'; text: string }
  | { type: 'SENDING'; id: string }
  | { type: 'SESSION'; session: ChatSession }
  | { type: 'DELTA'; id: string; text: string }
  | { type: 'ANSWERED'; id: string }
  | { type: 'FAILED'; id: string; message: string }
  | { type: 'ENDED' }
  | { type: 'EXPIRED' };

export const initialChatState: ChatState = { session: null, lines: [], failure: null, closed: null, lineCount: 0 };

/** The agent's line that answers the visitor's line `id`. */
export const answerId = (id: string) => `${id}:answer`;

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'QUEUED': {
      const id = `m${state.lineCount + 1}`;
      const line: ChatLine = { id, author: 'visitor', text: event.text, status: 'queued' };
      return { ...state, lines: [...state.lines, line], failure: null, closed: null, lineCount: state.lineCount + 1 };
    }
    case 'SENDING':
      return withVisitorStatus(state, event.id, 'queued', 'sending');
    case 'SESSION':
      return { ...state, session: event.session };
    case 'DELTA': {
      if (!isSending(state, event.id)) return state;
      const id = answerId(event.id);
      const answer = state.lines.find((line) => line.id === id);
      if (!answer) {
        // Right below the message it answers, above those written meanwhile.
        const below = state.lines.findIndex((line) => line.id === event.id) + 1;
        const lines: ChatLine[] = [...state.lines.slice(0, below), { id, author: 'agent', text: event.text, status: 'streaming' }, ...state.lines.slice(below)];
        return { ...state, lines };
      }
      return { ...state, lines: state.lines.map((line) => (line.id === id ? { ...line, text: line.text + event.text } : line)) };
    }
    case 'ANSWERED': {
      if (!isSending(state, event.id)) return state;
      const answered = withVisitorStatus(state, event.id, 'sending', 'sent');
      const complete = (line: ChatLine): ChatLine => (line.author === 'agent' && line.id === answerId(event.id) ? { ...line, status: 'complete' } : line);
      return { ...answered, lines: answered.lines.map(complete) };
    }
    case 'FAILED': {
      if (!isSending(state, event.id)) return state;
      // The failed message and those queued behind it leave the conversation for the box, in order, and wait for the visitor.
      const unanswered = state.lines.filter((line) => line.id === event.id || (line.author === 'visitor' && line.status === 'queued'));
      const dropped = new Set([...unanswered.map((line) => line.id), answerId(event.id)]);
      return {
        ...state,
        lines: state.lines.filter((line) => !dropped.has(line.id)),
        failure: { message: event.message, unsent: unanswered.map((line) => line.text).join('\n\n') },
      };
    }
    case 'ENDED':
      return { ...initialChatState, closed: 'ended', lineCount: state.lineCount };
    case 'EXPIRED':
      return { ...initialChatState, closed: 'expired', lineCount: state.lineCount };
  }
}

function isSending(state: ChatState, id: string): boolean {
  return state.lines.some((line) => line.id === id && line.status === 'sending');
}

function withVisitorStatus(state: ChatState, id: string, from: 'queued' | 'sending', to: 'sending' | 'sent'): ChatState {
  return {
    ...state,
    lines: state.lines.map((line) => (line.id === id && line.author === 'visitor' && line.status === from ? { ...line, status: to } : line)),
  };
}

/** The message to send now: the first queued one, once no answer is coming and no failure waits for the visitor. */
export function nextToSend(state: ChatState): ChatLine | null {
  if (state.failure || state.lines.some((line) => line.status === 'sending')) return null;
  return state.lines.find((line) => line.status === 'queued') ?? null;
}

/** The agent is working on an answer and has said nothing yet: the panel shows it typing. */
export function isAgentTyping(state: ChatState): boolean {
  return state.lines.some((line) => line.status === 'sending' && !state.lines.some((other) => other.id === answerId(line.id)));
}

/** The conversation as a reload finds it: an answer that was coming is lost, so what was sent counts as sent and what came stays. */
export function settledForReload(state: ChatState): ChatState {
  return {
    ...state,
    lines: state.lines.map((line): ChatLine => {
      if (line.status === 'sending') return { ...line, status: 'sent' };
      if (line.status === 'streaming') return { ...line, status: 'complete' };
      return line;
    }),
  };
}

/** Something to keep: a session, or words said. */
export function hasConversation(state: ChatState): boolean {
  return state.session !== null || state.lines.length > 0;
}
