import type { ChatMessage, ChatStreamEvent } from '@lead-desk/contracts';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { ApiError, apiFetch } from '../../../lib/apiClient';

const TEXT = {
  unreadable: 'The answer could not be read. Please send your message again.',
  cutOff: 'The answer stopped before it finished. Please send your message again.',
};

const EVENT_NAMES = new Set<string>(['session', 'delta', 'done', 'error'] satisfies ChatStreamEvent['event'][]);

/**
 * POST /api/chat/messages: the agent's answer as it comes, one event at a time (EventSource
 * cannot POST, so the stream is read from fetch). A refusal (400, 429) or no answer at all
 * throws ApiError with the API's words; so does a stream that closes before `done` or `error`.
 */
export async function* streamChatAnswer(message: ChatMessage, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  const response = await apiFetch('/api/chat/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(message),
    signal,
  });
  if (!response.body) throw new ApiError(0, TEXT.cutOff);
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new ApiError(0, TEXT.cutOff);
      const event = readChatEvent(value);
      if (!event) continue;
      yield event;
      if (event.event === 'done' || event.event === 'error') return;
    }
  } finally {
    // Leaving early (the visitor ended the chat) closes the request too.
    await reader.cancel().catch((error: unknown) => console.error('Closing the chat answer stream failed', error));
  }
}

/** One event of the stream; comments and events this page does not know are passed over. */
function readChatEvent(message: EventSourceMessage): ChatStreamEvent | null {
  if (!message.event || !EVENT_NAMES.has(message.event)) {
    console.warn('Skipped an unknown event of the chat answer stream', message.event);
    return null;
  }
  try {
    return { event: message.event, data: JSON.parse(message.data) } as ChatStreamEvent;
  } catch (error) {
    console.error(`The chat answer's ${message.event} event is not JSON`, error);
    throw new ApiError(0, TEXT.unreadable);
  }
}

/** POST /api/chat/sessions/:sessionId/end: the visitor ended the chat. */
export async function endChatSession(sessionId: string): Promise<void> {
  await apiFetch(`/api/chat/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST' });
}
