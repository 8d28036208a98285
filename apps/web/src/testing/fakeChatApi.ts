import type { ChatMessage, ChatStreamEvent } from '@lead-desk/contracts';
import { vi } from 'vitest';
import { stubApi } from './apiStub';

/** One answer of POST /api/chat/messages, streamed as the API streams it: the test says each event when it wants. */
export class FakeChatAnswer {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  readonly response: Response;

  constructor(readonly message: ChatMessage) {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => (this.controller = controller) });
    this.response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }

  send(event: ChatStreamEvent): void {
    this.controller.enqueue(this.encoder.encode(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`));
  }

  session(sessionId: string, expiresAt: string): void {
    this.send({ event: 'session', data: { sessionId, expiresAt } });
  }

  /** The agent's words, each its own `delta` event. */
  say(...words: string[]): void {
    for (const text of words) this.send({ event: 'delta', data: { text } });
  }

  /** The answer has finished: `done`, and the stream closes. */
  finish(): void {
    this.send({ event: 'done', data: {} });
    this.controller.close();
  }

  /** The stream closes without saying why. */
  close(): void {
    this.controller.close();
  }
}

type Refusal = { status: number; message: string };

/**
 * The chat API: each message answered by a FakeChatAnswer the test drives, or refused with a
 * status and the API's words; ending a session answers 204 unless `endStatus` says otherwise.
 */
export function stubChatApi(options: { refuse?: (message: ChatMessage, index: number) => Refusal | null; endStatus?: () => number } = {}) {
  const answers: FakeChatAnswer[] = [];
  const messages: ChatMessage[] = [];
  const ended: string[] = [];
  const requests = stubApi({
    'POST /api/chat/messages': async (request) => {
      const message = (await request.json()) as ChatMessage;
      messages.push(message);
      const refusal = options.refuse?.(message, messages.length - 1);
      if (refusal) return Response.json({ statusCode: refusal.status, error: 'Refused', message: refusal.message }, { status: refusal.status });
      const answer = new FakeChatAnswer(message);
      answers.push(answer);
      return answer.response;
    },
  });
  // Ending has the session in its path: answered here, before the routes by exact path.
  const byRoute = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const end = /^\/api\/chat\/sessions\/([^/]+)\/end$/.exec(url.pathname);
    if (!end || init?.method !== 'POST') return byRoute(input, init);
    ended.push(decodeURIComponent(end[1]));
    const status = options.endStatus?.() ?? 204;
    return status === 204 ? new Response(null, { status }) : Response.json({ statusCode: status, message: 'The chat service is unavailable.' }, { status });
  });
  return { answers, messages, ended, requests };
}
