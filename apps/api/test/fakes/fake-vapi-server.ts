import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeVapiBehaviour = 'success' | 'client-error' | 'server-error' | 'malformed' | 'held' | 'hang';

export interface RecordedCallRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The id the call gets when this request succeeds. */
  callId: string;
}

/**
 * A local stand-in for the voice platform's REST API (`POST /call`), answering as the
 * platform does: 201 with a call, 400 with `{ message: [...] }`, 500, invalid JSON,
 * a success held back until the test releases it, or no answer at all.
 */
export class FakeVapiServer {
  behaviour: FakeVapiBehaviour = 'success';
  readonly requests: RecordedCallRequest[] = [];
  private server?: Server;
  private calls = 0;
  private readonly hanging = new Set<ServerResponse>();
  private readonly arrivals: ((request: RecordedCallRequest) => void)[] = [];
  private readonly held: (() => void)[] = [];

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
    for (const response of this.hanging) response.destroy();
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
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    switch (this.behaviour) {
      case 'client-error':
        return json(400, { message: ['customer.number must be a valid phone number in the E.164 format.'], error: 'Bad Request', statusCode: 400 });
      case 'server-error':
        return json(500, { message: 'Internal server error', statusCode: 500 });
      case 'malformed':
        response.writeHead(201, { 'Content-Type': 'application/json' });
        return void response.end('{"id": "call_');
      case 'hang':
        this.hanging.add(response);
        return;
      case 'held':
        await new Promise<void>((resolve) => this.held.push(resolve));
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
