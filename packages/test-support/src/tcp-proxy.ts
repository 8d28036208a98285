import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: an outage as the
 * API sees it (connections refused and dropped), without stopping the shared server.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private open = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = createServerConnection(this.target, client);
      this.sockets.add(client).add(upstream);
      const forget = () => {
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('close', forget);
      upstream.on('close', forget);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  /** Drops every connection and refuses new ones. */
  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

function createServerConnection(target: { host: string; port: number }, client: Socket): Socket {
  const upstream = new Socket();
  upstream.connect(target.port, target.host);
  client.pipe(upstream).pipe(client);
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end);
  upstream.on('error', end);
  return upstream;
}
