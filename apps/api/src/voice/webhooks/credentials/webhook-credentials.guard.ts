import { CanActivate, ExecutionContext, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { bearerTokenVerifier } from './bearer-token.verifier';
import { hmacSignatureVerifier } from './hmac-signature.verifier';
import { secretHeaderVerifier } from './secret-header.verifier';
import type { WebhookDelivery, WebhookVerifier } from './webhook-verifier';

declare module 'express' {
  interface Request {
    /** The webhook's body as received (kept by the JSON parser for signatures). */
    rawBody?: Buffer;
  }
}

/**
 * Only the voice platform may post: a delivery must carry one of the credentials
 * configured (the secret in X-Vapi-Secret, the bearer token, or an HMAC signature). With
 * several configured, any one suffices, so a credential can be changed in Vapi's dashboard
 * without downtime.
 */
@Injectable()
export class WebhookCredentialsGuard implements CanActivate {
  private readonly logger = new Logger(WebhookCredentialsGuard.name);
  private readonly verifiers: WebhookVerifier[];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.verifiers = [secretHeaderVerifier(config), bearerTokenVerifier(config), hmacSignatureVerifier(config)].filter((verifier) => verifier !== undefined);
    if (this.verifiers.length === 0) {
      this.logger.warn('No webhook credential is set (VAPI_WEBHOOK_SECRET, VAPI_WEBHOOK_HMAC_SECRET): the voice webhook accepts unauthenticated messages (fine for a local demo only)');
    }
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.verifiers.length === 0) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const delivery: WebhookDelivery = {
      header: (name) => request.header(name),
      rawBody: request.rawBody ?? Buffer.alloc(0),
      method: request.method,
      // Behind a proxy the app's own URL is the one the platform was given.
      url: this.config.PUBLIC_URL ? `${new URL(this.config.PUBLIC_URL).origin}${request.originalUrl}` : `${request.protocol}://${request.get('host')}${request.originalUrl}`,
    };
    if (this.verifiers.some((verifier) => verifier.verify(delivery))) return true;
    this.logger.warn({ ip: request.ip, checked: this.verifiers.map(({ credential }) => credential) }, 'Webhook with a missing or wrong credential');
    throw new UnauthorizedException('Missing or wrong webhook secret.');
  }
}
