import { request, type Agent } from 'node:http';
import { connect } from 'node:net';

export interface SlowRequest {
  /** Sends the rest of the body; the answer then comes as the server gives it. */
  finish(): void;
  answer: Promise<{ status: number; body: string }>;
}

/**
 * A request whose body arrives in two parts, as from a slow network: the headers and the first
 * half are on the server (flushed from this side) when it resolves, the rest waits for finish().
 * Until then the request is in flight on the server.
 */
export async function startSlowRequest(url: string, method: string, headers: Record<string, string>, body: Buffer, agent?: Agent): Promise<SlowRequest> {
  const outgoing = request(url, { method, agent, headers: { ...headers, 'Content-Length': String(body.length) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve, reject) => outgoing.write(body.subarray(0, half), (error) => (error ? reject(error) : resolve())));
  return { finish: () => outgoing.end(body.subarray(half)), answer };
}

/** Whether a new TCP connection to the server's port is refused (the port closed), rather than accepted. */
export function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve(true) : reject(error)));
  });
}
