import { CanActivate, ExecutionContext, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { readRequestBody } from '../../../common/request-body/read-request-body';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { bearerTokenVerifier } from './bearer-token.verifier';
import { hmacSignatureVerifier } from './hmac-signature.verifier';
import { secretHeaderVerifier } from './secret-header.verifier';
import type { BodySignature, HeaderCredential, WebhookDeliveryHeaders } from './webhook-verifier';

/**
 * Only the voice platform may post: a delivery must carry one of the credentials
 * configured (the secret in X-Vapi-Secret, the bearer token, or an HMAC signature). With
 * several configured, any one suffices, so a credential can be changed in Vapi's dashboard
 * without downtime. A credential in a header is checked before the body is read; a
 * signature needs the body, so it is read only when the signature's headers are there and
 * fresh, and never past WEBHOOK_MAX_BYTES (413).
 */
@Injectable()
export class WebhookCredentialsGuard implements CanActivate {
  private readonly logger = new Logger(WebhookCredentialsGuard.name);
  private readonly headerCredentials: HeaderCredential[];
  private readonly signature: BodySignature | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.headerCredentials = [secretHeaderVerifier(config), bearerTokenVerifier(config)].filter((credential) => credential !== undefined);
    this.signature = hmacSignatureVerifier(config);
    if (this.headerCredentials.length === 0 && !this.signature) {
      this.logger.warn('No webhook credential is set (VAPI_WEBHOOK_SECRET, VAPI_WEBHOOK_HMAC_SECRET): the voice webhook accepts unauthenticated messages (fine for a local demo only)');
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.headerCredentials.length === 0 && !this.signature) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const delivery: WebhookDeliveryHeaders = {
      header: (name) => request.header(name),
      method: request.method,
      // Behind a proxy the app's own URL is the one the platform was given.
      url: this.config.PUBLIC_URL ? `${new URL(this.config.PUBLIC_URL).origin}${request.originalUrl}` : `${request.protocol}://${request.get('host')}${request.originalUrl}`,
    };
    if (this.headerCredentials.some((credential) => credential.verify(delivery))) return true;
    if (this.signature?.isSigned(delivery)) {
      const rawBody = await readRequestBody(request, this.config.WEBHOOK_MAX_BYTES);
      if (this.signature.verify({ ...delivery, rawBody })) return true;
    }
    const checked = [...this.headerCredentials, ...(this.signature ? [this.signature] : [])].map(({ credential }) => credential);
    this.logger.warn({ ip: request.ip, checked }, 'Webhook with a missing or wrong credential');
    throw new UnauthorizedException('Missing or wrong webhook secret.');
  }
}
