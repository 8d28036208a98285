import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loggedUrl } from '../common/logged-url';

interface RequestInFlight {
  socket: Socket;
  method: string;
  url: string;
  startedAt: number;
}

/**
 * Closes an HTTP server without cutting an answer short and without letting a client hold
 * the process open. Node's server.close() stops accepting connections and drops the idle
 * ones once, but keeps serving a kept-alive connection: a browser whose event stream had
 * ended reconnected on it every 3 s (EventSource's retry, under the 5 s keep-alive) and the
 * process never exited. Here, once closing, a request arriving on such a connection is
 * answered with `Connection: close`, and a connection closes as soon as its last answer is sent.
 * Create it before the server listens, so it sees every connection's requests.
 */
export class HttpDrain {
  private readonly inFlight = new Map<ServerResponse, RequestInFlight>();
  private closing = false;

  constructor(private readonly server: Server) {
    // First among the listeners: the answer's headers are still unsent when it runs.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.track(request, response));
  }

  /** Stops accepting connections and closes each one once idle; resolves when the last has closed. */
  close(): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Answers not started yet close their connection; the others' connections close once they end (track).
    for (const response of this.inFlight.keys()) if (!response.headersSent) response.setHeader('Connection', 'close');
    // Connections with no request in flight (kept alive between requests) go now.
    this.server.closeIdleConnections();
    return closed;
  }

  /** The requests still being answered, for the log: method, path (query values hidden) and for how long. */
  requestsInFlight(now = Date.now()): string[] {
    return [...this.inFlight.values()].map(({ method, url, startedAt }) => `${method} ${url} (for ${((now - startedAt) / 1000).toFixed(1)} s)`);
  }

  private track(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    this.inFlight.set(response, { socket, method: request.method ?? '?', url: loggedUrl(request.url ?? ''), startedAt: Date.now() });
    if (this.closing) response.setHeader('Connection', 'close');
    response.once('close', () => {
      this.inFlight.delete(response);
      if (this.closing) this.closeWhenIdle(socket);
    });
  }

  /** Ends the connection once no answer is in flight on it (a stream ended, or an answer sent on a kept-alive connection). */
  private closeWhenIdle(socket: Socket): void {
    for (const { socket: busy } of this.inFlight.values()) if (busy === socket) return;
    // end() sends what is still buffered first; destroy() then frees it whatever the client does.
    if (!socket.destroyed) socket.end(() => socket.destroy());
  }
}
