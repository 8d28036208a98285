import { STATUS_CODES } from 'node:http';
import type { HttpException } from '@nestjs/common';
import type { ErrorBody } from '@lead-desk/contracts';

/** The JSON an exception answers with: Nest's own body; a bare message (the rate limit's) gets its status's name. */
export function errorBodyOf(exception: HttpException): ErrorBody {
  const statusCode = exception.getStatus();
  const body = exception.getResponse();
  return typeof body === 'string' ? { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: body } : (body as ErrorBody);
}
