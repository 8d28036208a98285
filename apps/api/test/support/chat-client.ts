import type { ChatMessage, ChatStreamEvent } from '@lead-desk/contracts';

/** Each event of a chat answer's stream (POST /api/chat/messages), as it arrives. */
export async function* chatEvents(response: Response): AsyncGenerator<ChatStreamEvent> {
  if (!response.body) throw new Error('The chat answered without a body');
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = block.split('\n').flatMap((line) => (line.startsWith('data: ') ? [line.slice(6)] : [])).join('\n');
      yield { event, data: JSON.parse(data) } as ChatStreamEvent;
    }
  }
}

/** Sends a visitor's message from `address` (X-Forwarded-For, trusted by the test app). */
export function sendChatMessage(baseUrl: string, message: ChatMessage | Record<string, unknown>, address: string): Promise<Response> {
  return fetch(`${baseUrl}/api/chat/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-Forwarded-For': address },
    body: JSON.stringify(message),
  });
}

/** A whole exchange: the message sent, every event of its answer read. */
export async function chat(baseUrl: string, message: ChatMessage, address: string): Promise<{ status: number; events: ChatStreamEvent[] }> {
  const response = await sendChatMessage(baseUrl, message, address);
  if (response.status !== 200) return { status: response.status, events: [] };
  const events: ChatStreamEvent[] = [];
  for await (const event of chatEvents(response)) events.push(event);
  return { status: response.status, events };
}

/** The agent's words of an answer, put together. */
export const wordsOf = (events: ChatStreamEvent[]) => events.flatMap((event) => (event.event === 'delta' ? [event.data.text] : [])).join('');

/** The session an answer named (its first event). */
export function sessionOf(events: ChatStreamEvent[]): { sessionId: string; expiresAt: string } {
  const [first] = events;
  if (first?.event !== 'session') throw new Error(`The answer did not start with its session: ${JSON.stringify(events)}`);
  return first.data;
}
