import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { parseJsonBody } from './json-body';
import { readRequestBody } from './read-request-body';
import { INBOUND_LEAD_MAX_BYTES, REQUEST_BODY, type RequestBodyKind } from './request-body.decorators';

const JSON_MAX_BYTES = 1024 * 1024;
const CSV_TYPES = ['text/csv', 'text/plain'];

/**
 * Reads a request's body only once the guards have identified and authorised its caller:
 * interceptors run after guards, so a stranger's upload is refused (401/403) unread, not
 * buffered first. The one body read earlier is a signed webhook's, whose guard needs its
 * bytes to know the sender (within WEBHOOK_MAX_BYTES); it is not read twice.
 */
@Injectable()
export class RequestBodyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const kind = this.reflector.getAllAndOverride<RequestBodyKind | undefined>(REQUEST_BODY, [context.getHandler(), context.getClass()]) ?? 'json';
    request.body = await this.bodyOf(request, kind);
    return next.handle();
  }

  private async bodyOf(request: Request, kind: RequestBodyKind): Promise<unknown> {
    // Bytes, not text: the import and the scrub list tell the file's encoding from its bytes (decodeText).
    if (kind === 'csv-upload' && request.is(CSV_TYPES)) return readRequestBody(request, this.config.IMPORT_MAX_BYTES);
    if (request.is('application/json')) return parseJsonBody(await readRequestBody(request, this.jsonMaxBytes(kind)));
    // No body, or one of a kind no route here reads (a multipart upload is read by the route's FileInterceptor).
    return undefined;
  }

  private jsonMaxBytes(kind: RequestBodyKind): number {
    if (kind === 'webhook') return this.config.WEBHOOK_MAX_BYTES;
    return kind === 'inbound-lead' ? INBOUND_LEAD_MAX_BYTES : JSON_MAX_BYTES;
  }
}
