import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { badRequest, sendJson, type FakeAnswer } from './fake-vapi-resources';
import { postServerMessage, type FakeServerUrl, type ServerAnswer } from './server-messages';
import { vapiSchemaErrors, type VapiSchemaName } from './vapi-schema-validator';

/**
 * How the fake answers a chat message (`POST /chat`, `POST /chat/web`): 'held' streams the
 * first words and keeps the rest until release() (a test sees words before the answer ends);
 * 'server-error' is a 500 before any word; 'hang' never answers.
 */
export type FakeChatBehaviour = 'success' | 'held' | 'server-error' | 'hang';

/** How the fake answers `GET /session/{id}`: 'outage' is a 503 (Vapi unreachable while the API reads a result). */
export type FakeSessionReadBehaviour = 'success' | 'outage';

/** What the assistant learnt in a chat, found in the session's artifact once it is completed. */
export interface FakeChatOutcome {
  /** The artifact's structured outputs, keyed by output id as Vapi keys them: `{ [id]: { name, result } }`. */
  structuredOutputs?: Record<string, { name: string; result: unknown }>;
}

/** One turn of a chat: who said it, and what. */
export interface FakeChatTurn {
  role: 'user' | 'assistant';
  text: string;
  /** When it was said (ms since the epoch). */
  at: number;
}

export interface FakeSession {
  id: string;
  assistantId?: string;
  status: 'active' | 'completed';
  expirationSeconds: number;
  createdAt: string;
  updatedAt: string;
  customer?: Record<string, unknown>;
  turns: FakeChatTurn[];
  /** The chat ids of its messages, in order. */
  chatIds: string[];
}

const ORG_ID = 'fake-org';
/** A session's lifetime when its creation names none (Vapi's documented default: 24 hours). */
const DEFAULT_EXPIRATION_SECONDS = 86_400;
/** Where a streamed word goes in the chat being built: its first output's content (CreateChatStreamResponse.path). */
const STREAM_PATH = 'chat.output[0].content';

/**
 * Vapi's text chat as the fake speaks it, every body checked against the OpenAPI document and
 * every answer and streamed chunk checked against its answer schema:
 * - `POST /session` (CreateSessionDTO → Session), `GET /session/{id}`, `PATCH /session/{id}`
 *   (UpdateSessionDTO; `status: completed` ends it and makes its artifact, which exists only then);
 * - `POST /chat` with the private key (CreateChatDTO → Chat) and `POST /chat/web` with the public
 *   key, as Vapi's React widget calls it (CreateWebChatDTO → WebChat; `sessionEnd` completes the
 *   session without answering), each answered whole or, with `stream: true`, as Server-Sent Events
 *   of CreateChatStreamResponse chunks (`data: {id, sessionId, path, delta}`), then `data: [DONE]`
 *   (the widget skips that line, which tells it is sent);
 * - `session.updated` (ServerMessageSessionUpdated) to a server URL: once a session completes
 *   when `serverUrl` is set (as Vapi does for an assistant listing it in `serverMessages`), or
 *   whenever a test asks (sendSessionUpdated), to deliver one twice.
 * The assistant's words are `reply(input)`; what it learnt is `outcome(session)`.
 */
export class FakeVapiChats {
  behaviour: FakeChatBehaviour = 'success';
  readBehaviour: FakeSessionReadBehaviour = 'success';
  /** Pause between streamed chunks. */
  chunkDelayMs = 0;
  /** The assistant's answer to a visitor's message. */
  reply: (input: string, session: FakeSession) => string = (input) => `Happy to help with "${input}". Which city are you looking in?`;
  /** What the session's artifact says once it is completed. */
  outcome: (session: FakeSession) => FakeChatOutcome = () => ({});
  /** Where `session.updated` goes when a session completes; unset, nothing is sent on its own. */
  serverUrl?: FakeServerUrl;
  /** The answers of `session.updated` deliveries sent on completion (a test awaits them). */
  readonly deliveries: Promise<ServerAnswer>[] = [];
  readonly sessions = new Map<string, FakeSession>();
  /** The sessions deleted through `DELETE /session/{id}`, for a test to look at. */
  readonly deletedSessions = new Set<string>();
  private readonly held: (() => void)[] = [];

  /** Sends the rest of the answers 'held' kept back. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  createSession(body: unknown): FakeAnswer {
    const errors = vapiSchemaErrors('CreateSessionDTO', body ?? {});
    if (errors.length > 0) return badRequest(errors);
    const { assistantId, expirationSeconds, customer } = (body ?? {}) as { assistantId?: string; expirationSeconds?: number; customer?: Record<string, unknown> };
    if (!assistantId) return badRequest(['assistantId or assistant or squadId or squad must be provided']);
    return this.sessionAnswer(201, this.newSession(assistantId, expirationSeconds, customer));
  }

  getSession(id: string): FakeAnswer {
    if (this.readBehaviour === 'outage') return { status: 503, body: { statusCode: 503, message: 'Service Unavailable', error: 'Service Unavailable' } };
    const session = this.sessions.get(id);
    return session ? this.sessionAnswer(200, session) : notFound();
  }

  updateSession(id: string, body: unknown): FakeAnswer {
    const errors = vapiSchemaErrors('UpdateSessionDTO', body ?? {});
    if (errors.length > 0) return badRequest(errors);
    const session = this.sessions.get(id);
    if (!session) return notFound();
    const { status, expirationSeconds } = body as { status?: 'active' | 'completed'; expirationSeconds?: number };
    if (expirationSeconds !== undefined) session.expirationSeconds = expirationSeconds;
    if (status === 'completed') this.complete(session);
    else if (status) session.status = status;
    session.updatedAt = new Date().toISOString();
    return this.sessionAnswer(200, session);
  }

  /** `DELETE /session/{id}`: the session and what was said in it go (200 with the session as it was; 404 after). */
  deleteSession(id: string): FakeAnswer {
    const session = this.sessions.get(id);
    if (!session) return notFound();
    this.sessions.delete(id);
    this.deletedSessions.add(id);
    return this.sessionAnswer(200, session);
  }

  /** `POST /chat` (private key) or `POST /chat/web` (public key): one visitor message, answered whole or streamed. */
  async chat(path: '/chat' | '/chat/web', body: unknown, response: ServerResponse): Promise<void> {
    const isWeb = path === '/chat/web';
    const errors = vapiSchemaErrors(isWeb ? 'CreateWebChatDTO' : 'CreateChatDTO', body);
    if (errors.length > 0) return sendJson(response, badRequest(errors));
    const request = body as { assistantId?: string; sessionId?: string; previousChatId?: string; input: unknown; stream?: boolean; sessionEnd?: boolean; sessionExpirationSeconds?: number; customer?: Record<string, unknown> };
    const session = this.sessionOf(isWeb, request);
    if ('error' in session) return sendJson(response, badRequest([session.error]));
    if (typeof request.input !== 'string') return sendJson(response, badRequest(['The fake takes input as text']));

    if (this.behaviour === 'server-error') return sendJson(response, { status: 500, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } });
    if (this.behaviour === 'hang') return;

    const chatId = randomUUID();
    session.chatIds.push(chatId);
    if (request.sessionEnd) {
      // "Any messages sent will not be processed and session will directly be marked as completed."
      this.complete(session);
      return request.stream ? this.stream(response, []) : sendJson(response, checked('WebChat', 200, { id: chatId, sessionId: session.id, output: [] }));
    }
    const now = Date.now();
    const words = this.reply(request.input, session);
    session.turns.push({ role: 'user', text: request.input, at: now }, { role: 'assistant', text: words, at: Date.now() });
    session.updatedAt = new Date().toISOString();
    if (request.stream) {
      const chunks = words.split(/(?<= )/).map((delta) => checked('CreateChatStreamResponse', 200, { id: chatId, sessionId: session.id, path: STREAM_PATH, delta }).body);
      return this.stream(response, chunks);
    }
    const output = [{ role: 'assistant', content: words }];
    if (isWeb) return sendJson(response, checked('WebChat', 200, { id: chatId, sessionId: session.id, output }));
    const stamp = new Date().toISOString();
    return sendJson(response, checked('Chat', 200, { id: chatId, orgId: ORG_ID, assistantId: session.assistantId, sessionId: session.id, input: request.input, output, createdAt: stamp, updatedAt: stamp }));
  }

  /** Posts `session.updated` for one session to a server URL, as Vapi does (a test may send it twice). */
  sendSessionUpdated(server: FakeServerUrl, sessionId: string): Promise<ServerAnswer> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`The fake has no session ${sessionId}`);
    const message = { type: 'session.updated', timestamp: Date.now(), session: this.sessionObject(session), ...(session.customer ? { customer: session.customer } : {}) };
    return postServerMessage(server, { checked: message, sent: message }, { message: 'ServerMessageSessionUpdated' });
  }

  /**
   * The session a message belongs to. `/chat/web` starts a new one when none is named or the
   * named one is over; `/chat` continues the named one (a session is tied to its assistant, so
   * naming both is refused, as Vapi's session guide says) or starts one for the assistant.
   */
  private sessionOf(isWeb: boolean, request: { assistantId?: string; sessionId?: string; previousChatId?: string; sessionExpirationSeconds?: number; customer?: Record<string, unknown> }): FakeSession | { error: string } {
    if (request.sessionId && request.previousChatId) return { error: 'sessionId and previousChatId are mutually exclusive' };
    const named = request.sessionId ? this.sessions.get(request.sessionId) : undefined;
    if (isWeb) {
      if (named && this.isLive(named)) return named;
      if (!request.assistantId) return { error: 'assistantId must be provided to start a session' };
      return this.newSession(request.assistantId, request.sessionExpirationSeconds, request.customer);
    }
    if (request.sessionId) {
      if (request.assistantId) return { error: 'assistantId cannot be specified when using sessionId' };
      if (!named) return { error: `Session ${request.sessionId} not found` };
      // Vapi's document does not say how a completed or expired session is answered; the fake refuses it.
      if (!this.isLive(named)) return { error: `Session ${request.sessionId} is ${named.status === 'completed' ? 'completed' : 'expired'}` };
      return named;
    }
    if (!request.assistantId) return { error: 'Requires at least one of: assistantId/assistant, sessionId, or previousChatId' };
    return this.newSession(request.assistantId);
  }

  private isLive(session: FakeSession): boolean {
    return session.status === 'active' && Date.parse(session.createdAt) + session.expirationSeconds * 1000 > Date.now();
  }

  private newSession(assistantId: string, expirationSeconds = DEFAULT_EXPIRATION_SECONDS, customer?: Record<string, unknown>): FakeSession {
    const now = new Date().toISOString();
    const session: FakeSession = { id: randomUUID(), assistantId, status: 'active', expirationSeconds, createdAt: now, updatedAt: now, customer, turns: [], chatIds: [] };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Marks a session completed (its artifact exists from now on) and tells the server URL, if any. */
  private complete(session: FakeSession): void {
    if (session.status === 'completed') return;
    session.status = 'completed';
    session.updatedAt = new Date().toISOString();
    if (this.serverUrl) this.deliveries.push(this.sendSessionUpdated(this.serverUrl, session.id));
  }

  /** The document's Session: its messages as the document types them, and its artifact once completed. */
  private sessionObject(session: FakeSession): Record<string, unknown> {
    const start = session.turns[0]?.at ?? Date.parse(session.createdAt);
    const spoken = session.turns.map((turn) => ({
      role: turn.role === 'user' ? 'user' : 'bot',
      message: turn.text,
      time: turn.at,
      endTime: turn.at,
      secondsFromStart: (turn.at - start) / 1000,
    }));
    const messages = session.turns.map((turn, index) => (turn.role === 'user' ? { ...spoken[index], role: 'user' } : { role: 'assistant', content: turn.text }));
    const artifact =
      session.status === 'completed'
        ? {
            messages: spoken,
            messagesOpenAIFormatted: session.turns.map((turn) => ({ role: turn.role, content: turn.text })),
            transcript: session.turns.map((turn) => `${turn.role === 'user' ? 'User' : 'AI'}: ${turn.text}`).join('\n'),
            ...this.outcome(session),
          }
        : undefined;
    return {
      id: session.id,
      orgId: ORG_ID,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      status: session.status,
      expirationSeconds: session.expirationSeconds,
      ...(session.assistantId ? { assistantId: session.assistantId } : {}),
      ...(session.customer ? { customer: session.customer } : {}),
      messages,
      ...(artifact ? { artifact } : {}),
    };
  }

  private sessionAnswer(status: number, session: FakeSession): FakeAnswer {
    return checked('Session', status, this.sessionObject(session));
  }

  private async stream(response: ServerResponse, chunks: unknown[]): Promise<void> {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    for (const [index, chunk] of chunks.entries()) {
      if (response.destroyed) return;
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (index === 0 && this.behaviour === 'held') await new Promise<void>((resolve) => this.held.push(resolve));
      else if (this.chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chunkDelayMs));
    }
    response.end('data: [DONE]\n\n');
  }
}

function checked(schema: VapiSchemaName, status: number, body: unknown): FakeAnswer {
  const errors = vapiSchemaErrors(schema, body);
  if (errors.length > 0) throw new Error(`The fake's own ${schema} does not fit Vapi's schema: ${errors.join('; ')}`);
  return { status, body };
}

function notFound(): FakeAnswer {
  return { status: 404, body: { statusCode: 404, message: 'Session not found', error: 'Not Found' } };
}
