import type { Request } from 'express';

/** Long enough for a client still sending to read the answer and stop; short enough that a body nobody reads cannot hold a connection. */
const LINGER_MS = 5_000;

/**
 * For a request answered before its body was read (a refusal, or a 413 at the cap). Closing
 * the connection at once would reset it under a client that is still sending, and the client
 * would see a broken connection instead of the answer; so Node discards what still arrives
 * (keeping none of it) until the body ends, and a body still coming after LINGER_MS is cut off
 * with its connection.
 */
export function lingerThenClose(request: Request): void {
  if (request.complete) return;
  const socket = request.socket;
  // Read and dropped, not kept: a body read part-way (paused at its cap) flows again.
  request.resume();
  const cutOff = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  // A kept-alive socket serves more requests: leave no listener on it once this body has ended.
  const done = () => {
    clearTimeout(cutOff);
    request.off('end', done);
    socket.off('close', done);
  };
  request.once('end', done);
  socket.once('close', done);
}
