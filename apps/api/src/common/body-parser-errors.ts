import { HttpException } from '@nestjs/common';
import type { ErrorRequestHandler } from 'express';
import { errorBodyOf } from './error-body';

/**
 * body-parser rejects oversized or malformed bodies before Nest's routing, so Nest's
 * exception filter never sees them: answer them here, as JSON like every other error.
 */
export const bodyParserErrors: ErrorRequestHandler = (error, _request, response, next) => {
  const status = typeof error?.status === 'number' ? error.status : undefined;
  if (!status || status < 400 || status >= 500 || response.headersSent) return next(error);
  const message =
    error.type === 'entity.too.large'
      ? `The request body is larger than the ${error.limit} bytes allowed here.`
      : error.type === 'entity.parse.failed'
        ? `The request body is not valid JSON: ${error.message}`
        : String(error.message);
  response.status(status).json(errorBodyOf(new HttpException(message, status)));
};
