import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import getRawBody from 'raw-body';

declare module 'express' {
  interface Request {
    /** The body's bytes as received, once read (a webhook signature covers exactly these). */
    rawBody?: Buffer;
  }
}

/**
 * Reads the request's body, at most `maxBytes` of it, once: a second call gets the same
 * bytes. A declared Content-Length over the limit is a 413 before a byte is read, and a body
 * without one is a 413 as soon as it passes the limit; the rest is never read (body-parser
 * would read it all, and wait for a body that never ends, before answering).
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<Buffer> {
  if (request.rawBody) return request.rawBody;
  const encoding = request.header('content-encoding') ?? 'identity';
  if (encoding.toLowerCase() !== 'identity') {
    throw new HttpException(`Compressed request bodies (Content-Encoding: ${encoding}) are not accepted.`, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
  try {
    request.rawBody = await getRawBody(request, { length: request.header('content-length'), limit: maxBytes });
  } catch (error) {
    throw unreadableBody(error as getRawBody.RawBodyError, maxBytes);
  }
  return request.rawBody;
}

function unreadableBody(error: getRawBody.RawBodyError, maxBytes: number): Error {
  if (error.type === 'entity.too.large') return new HttpException(`The request body is larger than the ${maxBytes} bytes allowed here.`, HttpStatus.PAYLOAD_TOO_LARGE);
  // A body shorter than its Content-Length, or a client that went away: the client's doing, said as it is.
  if (error.status < 500) return new HttpException(`The request body could not be read: ${error.message}.`, error.status);
  return error;
}
