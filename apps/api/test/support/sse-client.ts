import { request } from 'node:http';

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** Listens to a Server-Sent Events stream and lets a test wait for a matching event. */
export class SseClient {
  private readonly events: ServerSentEvent[] = [];
  private readonly waiters: { match: (event: ServerSentEvent) => boolean; resolve: (event: ServerSentEvent) => void }[] = [];
  private close?: () => void;
  private markEnded!: (at: number) => void;
  private readonly end = new Promise<number>((resolve) => (this.markEnded = resolve));

  static async connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      const outgoing = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`SSE answered ${response.statusCode}`));
        let buffer = '';
        // The server ended the stream (or the connection went): ended() resolves with when.
        response.once('close', () => client.markEnded(performance.now()));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            client.receive(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        resolve();
      });
      outgoing.on('error', reject);
      outgoing.end();
      client.close = () => outgoing.destroy();
    });
    return client;
  }

  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: ServerSentEvent) => boolean, timeoutMs = 10_000): Promise<ServerSentEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No matching server-sent event arrived')), timeoutMs);
      this.waiters.push({ match, resolve: (event) => (clearTimeout(timer), resolve(event)) });
    });
  }

  /** Resolves once the server has ended the stream, with when it ended (performance.now()). */
  ended(timeoutMs = 15_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The event stream did not end')), timeoutMs);
      void this.end.then((at) => (clearTimeout(timer), resolve(at)));
    });
  }

  /** Every event received so far, in order. */
  received(): readonly ServerSentEvent[] {
    return this.events;
  }

  disconnect(): void {
    this.close?.();
  }

  private receive(block: string): void {
    const lines = block.split('\n');
    const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
    const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
    if (!event) return;
    const parsed = { event, data: JSON.parse(data) as unknown };
    this.events.push(parsed);
    for (const waiter of this.waiters.filter((w) => w.match(parsed))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(parsed);
    }
  }
}
