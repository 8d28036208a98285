import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that says when to try again: the error filter sends `Retry-After` with it. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
