import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable';

/**
 * Every error leaves as JSON `{ statusCode, error, message, ... }`. Unexpected ones are
 * logged with their request and answered without a stack trace or SQL.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (response.headersSent) {
      this.logger.error({ err: exception, method: request.method, url: request.url }, 'Error after the response started');
      response.destroy();
      return;
    }
    // A route's own headers describe its success (the CSV export's text/csv attachment), not an error.
    response.removeHeader('Content-Disposition');
    response.type('application/json');
    if (isDatabaseUnavailable(exception)) {
      this.logger.error({ err: exception, method: request.method, url: request.url }, 'Database unavailable');
      exception = databaseUnavailable();
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      response.status(status).json(typeof body === 'string' ? { statusCode: status, message: body } : body);
      return;
    }
    const status = statusOfLowLevelError(exception);
    if (status === HttpStatus.INTERNAL_SERVER_ERROR) {
      this.logger.error({ err: exception, method: request.method, url: request.url }, 'Unhandled error');
    }
    response.status(status).json({
      statusCode: status,
      error: status === HttpStatus.INTERNAL_SERVER_ERROR ? 'Internal Server Error' : 'Error',
      message: status === HttpStatus.INTERNAL_SERVER_ERROR ? 'Something went wrong on our side.' : messageOf(exception),
    });
  }
}

/** body-parser and multer report client mistakes with a status of their own. */
function statusOfLowLevelError(exception: unknown): number {
  const status = (exception as { status?: unknown; statusCode?: unknown })?.status ?? (exception as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : HttpStatus.INTERNAL_SERVER_ERROR;
}

function messageOf(exception: unknown): string {
  return exception instanceof Error ? exception.message : 'Bad request';
}
