import { CanActivate, ExecutionContext, ForbiddenException, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { readRequestBody } from '../common/request-body/read-request-body';
import type { AppConfig } from '../config/app-config';
import { hasValidMetaSignature, isMetaSignatureShaped } from './meta-signature';

/** Why a delivery was refused, in words for the log and the source's refusal count (never a credential or a body). */
export const MISSING_SIGNATURE = 'Missing or malformed X-Hub-Signature-256 header';

/**
 * Only Meta may post to a Meta webhook: X-Hub-Signature-256 must sign the body's exact bytes
 * with the app's secret. A delivery without one is a 401 before its body is read; with one,
 * the body is read (never past WEBHOOK_MAX_BYTES: 413) and a wrong signature is a 403. Each
 * webhook (Lead Ads, WhatsApp) says which secret signs its deliveries and where a refusal is
 * counted; nothing of a refused delivery is stored.
 */
export abstract class MetaSignatureGuard implements CanActivate {
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(private readonly appConfig: AppConfig) {}

  /** The app secret, and the variable that holds it (named in the refusal); throws while the webhook is not configured. */
  protected abstract appSecret(): { secret: string; variable: string };

  /** Counts a refusal against the webhook's source. */
  protected abstract recordRefusal(reason: string): Promise<void>;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { secret, variable } = this.appSecret();
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.header('x-hub-signature-256');
    if (!isMetaSignatureShaped(header)) {
      await this.refuse(request, MISSING_SIGNATURE);
      throw new UnauthorizedException(`${MISSING_SIGNATURE} (sha256=<hex HMAC-SHA256 of the body>).`);
    }
    const rawBody = await readRequestBody(request, this.appConfig.WEBHOOK_MAX_BYTES);
    if (hasValidMetaSignature(rawBody, header, secret)) return true;
    await this.refuse(request, `X-Hub-Signature-256 does not sign the body with ${variable}`);
    throw new ForbiddenException('X-Hub-Signature-256 does not match the body.');
  }

  private async refuse(request: Request, reason: string): Promise<void> {
    this.logger.warn({ ip: request.ip }, `Webhook delivery refused: ${reason}`);
    await this.recordRefusal(reason);
  }
}
