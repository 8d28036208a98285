import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeVapiBehaviour =
  | 'success'
  | 'slow'
  | 'client-error'
  | 'echo-credential'
  | 'server-error'
  | 'html-error'
  | 'malformed'
  | 'held'
  | 'hang';

export interface RecordedCallRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The id the call gets when this request succeeds. */
  callId: string;
}

/**
 * A local stand-in for the voice platform's REST API (`POST /call`), answering as the
 * platform does: 201 with a call (at once, or after `delayMs`), 400 with `{ message: [...] }`,
 * 401 quoting the credential it got, 500 as JSON or as an HTML page, invalid JSON, a
 * success held back until the test releases it, or no answer at all.
 */
export class FakeVapiServer {
  behaviour: FakeVapiBehaviour = 'success';
  /** How long 'slow' waits before answering. */
  delayMs = 0;
  /** Requests whose connection the client gave up on before an answer was sent. */
  abandoned = 0;
  readonly requests: RecordedCallRequest[] = [];
  private server?: Server;
  private calls = 0;
  private readonly waiting = new Set<ServerResponse>();
  private readonly arrivals: ((request: RecordedCallRequest) => void)[] = [];
  private readonly held: (() => void)[] = [];

  /** Requests still waiting for an answer ('hang' and 'slow'). */
  get hanging(): number {
    return this.waiting.size;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) =>
      this.handle(request, response).catch((error: unknown) => {
        // A fake that breaks must fail the test loudly, not leave the client waiting.
        response.writeHead(500, { 'Content-Type': 'application/json' });
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
  nextRequest(): Promise<RecordedCallRequest> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  /** Sends the answers the 'held' behaviour kept back. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    this.calls += 1;
    const recorded = { path: request.url ?? '/', authorization: request.headers.authorization, body, callId: `vapi-call-${this.calls}` };
    this.requests.push(recorded);
    for (const arrived of this.arrivals.splice(0)) arrived(recorded);
    response.on('close', () => {
      this.waiting.delete(response);
      if (!response.writableFinished) this.abandoned += 1;
    });
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    switch (this.behaviour) {
      case 'client-error':
        return json(400, { message: ['customer.number must be a valid phone number in the E.164 format.'], error: 'Bad Request', statusCode: 400 });
      case 'echo-credential':
        return json(401, { message: `Invalid Key. Got ${request.headers.authorization}`, error: 'Unauthorized', statusCode: 401 });
      case 'server-error':
        return json(500, { message: 'Internal server error', statusCode: 500 });
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
        this.waiting.add(response);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.delayMs);
          // Stopping the fake ends the wait too, so no timer outlives the test.
          response.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (response.destroyed) return;
        this.waiting.delete(response);
        break;
      case 'success':
        break;
    }
    const now = new Date().toISOString();
    json(201, {
      id: recorded.callId,
      orgId: 'org-fake',
      type: 'outboundPhoneCall',
      status: 'queued',
      createdAt: now,
      updatedAt: now,
      assistantId: body.assistantId,
      phoneNumberId: body.phoneNumberId,
      customer: body.customer,
      assistantOverrides: body.assistantOverrides,
    });
  }
}
