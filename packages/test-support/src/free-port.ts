import { createServer } from 'node:net';

/** A port the OS just handed out on 127.0.0.1, for a child process that cannot report an ephemeral port of its own. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
