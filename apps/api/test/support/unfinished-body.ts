import { request } from 'node:http';

export interface AnswerToUnfinishedBody {
  /** The answer's status; undefined when the server took all but the last byte and still said nothing. */
  status?: number;
  body: string;
  /** Body bytes the client had handed to the network when the answer came (or when it stopped). */
  bytesSent: number;
}

interface UnfinishedBody {
  method?: string;
  headers: Record<string, string>;
  /** How large the body claims to be; with `chunked`, how much the client is willing to send. */
  bytes: number;
  /** Sent without Content-Length (Transfer-Encoding: chunked), so only reading tells its size. */
  chunked?: boolean;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');
const UNREAD_ANSWER_GRACE_MS = 2_000;

/**
 * Sends a body that never finishes: chunks go out as fast as the server takes them, the
 * last byte never. A server that reads the body before answering waits for that byte for
 * ever: the answer then resolves without a status once all but that byte has left the
 * client. So any status at all proves the server answered before reading to the end.
 * `bytesSent` is no measure of what it read first: a server that discards the rest after
 * answering (as ours does, to let the client read the answer) takes the body at network
 * speed, and a kernel may buffer tens of MB on loopback before the answer is seen.
 */
export function sendUnfinishedBody(url: string, { method = 'POST', headers, bytes, chunked = false }: UnfinishedBody): Promise<AnswerToUnfinishedBody> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const outgoing = request(url, { method, headers: chunked ? headers : { ...headers, 'Content-Length': String(bytes) } }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), bytesSent });
        outgoing.destroy();
      });
      response.on('error', reject);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // Once answered, a server that closes the connection on the rest of the body is expected to.
      if (!answered) reject(new Error(`The connection failed before an answer, after ${bytesSent} bytes: ${error.code ?? error.message}`));
    });
    const unanswered = (error?: Error | null) => {
      // A failed write is the connection's error, reported above.
      if (answered || error) return;
      // An answer sent before the rest of the body was discarded may still wait unread on the socket
      // behind the writes: give it a moment to surface. A server reading first would wait for ever.
      setTimeout(() => {
        if (answered) return;
        resolve({ status: undefined, body: '', bytesSent });
        outgoing.destroy();
      }, UNREAD_ANSWER_GRACE_MS);
    };
    const sendMore = () => {
      if (answered || outgoing.destroyed || bytesSent >= bytes - 1) return;
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - 1 - bytesSent));
      bytesSent += chunk.length;
      // All but the last byte: once it has left the client, the server has been given all it will get.
      const flushed = outgoing.write(chunk, bytesSent === bytes - 1 ? unanswered : undefined);
      // One chunk per turn of the event loop, so an answer is seen as soon as it arrives: a server that
      // discards the rest of the body after answering takes chunks as fast as they come, and a loop that
      // never yielded would send everything before reading the answer waiting on its socket.
      if (flushed) setImmediate(sendMore);
      else outgoing.once('drain', sendMore);
    };
    sendMore();
  });
}
