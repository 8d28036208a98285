import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next call creations. */
export type FakeVoiceMode = 'ok' | 'unauthorized' | 'server-error';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A stand-in for the voice platform's HTTP API on 127.0.0.1: `POST /call/web` (the
 * browser SDK) and `POST /call` (outbound calls). Tests steer it through
 * `POST /__fake/mode` and read what it received from `GET /__fake/requests`.
 */
export async function startFakeVoicePlatform(): Promise<{ url: string; server: Server }> {
  let mode: FakeVoiceMode = 'ok';
  const requests: RecordedRequest[] = [];
  let callNumber = 0;

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readJson(request);
    const path = (request.url ?? '/').split('?')[0];
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    if (request.method === 'OPTIONS') return send(response, 204, null);
    if (path === '/__fake/mode' && request.method === 'POST') {
      mode = (body as { mode: FakeVoiceMode }).mode;
      requests.length = 0;
      return send(response, 200, { mode });
    }
    if (path === '/__fake/requests') return send(response, 200, requests);

    requests.push({ method: request.method ?? 'GET', path, authorization: request.headers.authorization, body });
    if (request.method === 'POST' && (path === '/call/web' || path === '/call')) {
      if (mode === 'unauthorized') return send(response, 401, { statusCode: 401, message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized' });
      if (mode === 'server-error') return send(response, 500, { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' });
      callNumber += 1;
      const id = `fake-call-${callNumber}`;
      const customer = (body as { customer?: unknown } | null)?.customer;
      return send(response, 201, {
        id,
        orgId: 'fake-org',
        type: path === '/call' ? 'outboundPhoneCall' : 'webCall',
        status: 'queued',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        ...(customer ? { customer } : {}),
        // A room the SDK would join next; unreachable here, so a web call never goes live.
        webCallUrl: `http://127.0.0.1:9/${id}`,
      });
    }
    return send(response, 404, { statusCode: 404, message: `No route ${request.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, body === null ? {} : { 'Content-Type': 'application/json' });
  response.end(body === null ? undefined : JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}
