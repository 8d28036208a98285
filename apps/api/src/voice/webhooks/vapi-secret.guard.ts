import { CanActivate, ExecutionContext, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/**
 * Only the voice platform may post: its X-Vapi-Secret header, or its bearer
 * credential, must equal VAPI_WEBHOOK_SECRET. Compared as SHA-256 digests with
 * timingSafeEqual, so neither the length nor a prefix of the secret leaks in timing.
 */
@Injectable()
export class VapiSecretGuard implements CanActivate {
  private readonly logger = new Logger(VapiSecretGuard.name);
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.VAPI_WEBHOOK_SECRET) this.expected = digest(config.VAPI_WEBHOOK_SECRET);
    else this.logger.warn('VAPI_WEBHOOK_SECRET is not set: the voice webhook accepts unauthenticated messages (fine for a local demo only)');
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const bearer = /^Bearer (.+)$/i.exec(request.header('authorization') ?? '')?.[1];
    const given = request.header('x-vapi-secret') ?? bearer;
    if (given !== undefined && timingSafeEqual(digest(given), this.expected)) return true;
    this.logger.warn({ ip: request.ip }, 'Webhook with a missing or wrong secret');
    throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Missing or wrong webhook secret.' });
  }
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
