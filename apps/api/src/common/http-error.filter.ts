import { ArgumentsHost, Catch, ExceptionFilter, HttpException, InternalServerErrorException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { runBeforeErrorAnswer } from './before-error-answer';
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable';
import { errorBodyOf } from './error-body';
import { loggedUrl } from './logged-url';
import { lingerThenClose } from './request-body/linger-then-close';
import { TooManyRequestsException } from './too-many-requests.exception';

/**
 * Every error leaves as the contracts' error body `{ statusCode, error, message, errors? }`.
 * Unexpected ones are logged with their request and answered without a stack trace or SQL.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (response.headersSent) {
      this.logger.error({ err: exception, method: request.method, url: loggedUrl(request.url) }, 'Error after the response started');
      response.destroy();
      return;
    }
    // A route's own headers describe its success (the CSV export's text/csv attachment), not an error.
    response.removeHeader('Content-Disposition');
    lingerThenClose(request);
    response.type('application/json');
    const answer = this.asHttpException(exception, request);
    const waiting = runBeforeErrorAnswer(request, answer.getStatus());
    if (!waiting) return this.answer(response, answer);
    // What must happen before the answer (beforeErrorAnswer) failing is the answer instead: logged, a 5xx.
    waiting.then(
      () => this.answer(response, answer),
      (error: unknown) => this.answer(response, this.asHttpException(error, request)),
    );
  }

  private answer(response: Response, answer: HttpException): void {
    if (answer instanceof TooManyRequestsException) response.setHeader('Retry-After', String(answer.retryAfterSeconds));
    response.status(answer.getStatus()).json(errorBodyOf(answer));
  }

  private asHttpException(exception: unknown, request: Request): HttpException {
    if (isDatabaseUnavailable(exception)) {
      this.logger.error({ err: exception, method: request.method, url: loggedUrl(request.url) }, 'Database unavailable');
      return databaseUnavailable();
    }
    if (exception instanceof HttpException) return exception;
    const status = clientErrorStatus(exception);
    if (status) return new HttpException(exception instanceof Error ? exception.message : 'Bad request', status);
    this.logger.error({ err: exception, method: request.method, url: loggedUrl(request.url) }, 'Unhandled error');
    return new InternalServerErrorException('Something went wrong on our side.');
  }
}

/** body-parser and multer report client mistakes with a status of their own. */
function clientErrorStatus(exception: unknown): number | undefined {
  const status = (exception as { status?: unknown; statusCode?: unknown })?.status ?? (exception as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
