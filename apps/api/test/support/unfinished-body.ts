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

/**
 * Sends a body that never finishes: chunks go out as fast as the server takes them, the
 * last byte never. A server that answers before reading the body answers while the client
 * is still sending (far fewer bytes than `bytes` left it: the network buffers hold a few
 * MB). A server that reads first takes everything but the last byte and waits for it: the
 * answer then resolves without a status once all but that byte has left the client.
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
      resolve({ status: undefined, body: '', bytesSent });
      outgoing.destroy();
    };
    const sendMore = () => {
      while (!answered && !outgoing.destroyed && bytesSent < bytes - 1) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - 1 - bytesSent));
        bytesSent += chunk.length;
        // All but the last byte: once it has left the client, the server has been given all it will get.
        const flushed = outgoing.write(chunk, bytesSent === bytes - 1 ? unanswered : undefined);
        if (!flushed) {
          outgoing.once('drain', sendMore);
          return;
        }
      }
    };
    sendMore();
  });
}
