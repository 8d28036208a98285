import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface RawResponse {
  status: number;
  body: string;
}

/** Sends raw bytes as they are (no client-side JSON encoding or validation). */
export function sendRaw(server: Server, method: string, path: string, body: Buffer, headers: Record<string, string>, agent?: Agent): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, agent, headers: { ...headers, 'Content-Length': String(body.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    // A server may answer 413 and close before reading everything: that is an answer, not a failure.
    outgoing.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: -1, body: error.code }) : reject(error)));
    outgoing.end(body);
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time, keeping the order of results. */
export async function mapConcurrently<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}
