import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { readRequestBody } from '../../common/request-body/read-request-body';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { META_WEBHOOK_SOURCE } from '../lead-ad-channels';
import { LeadSourceRefusalsRepository } from '../lead-source-refusals.repository';
import { metaWebhookSettings } from './meta-webhook-configured';
import { hasValidMetaSignature, isMetaSignatureShaped } from './meta-signature';

/**
 * Only Meta may post: X-Hub-Signature-256 must sign the body's exact bytes with
 * META_APP_SECRET. A delivery without one is a 401 before its body is read; with one, the
 * body is read (never past WEBHOOK_MAX_BYTES: 413) and a wrong signature is a 403. Either
 * refusal is counted against the Meta source with its reason; nothing of it is stored.
 */
@Injectable()
export class MetaSignatureGuard implements CanActivate {
  private readonly logger = new Logger(MetaSignatureGuard.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly refusals: LeadSourceRefusalsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { appSecret } = metaWebhookSettings(this.config);
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.header('x-hub-signature-256');
    if (!isMetaSignatureShaped(header)) {
      await this.refuse(request, 'Missing or malformed X-Hub-Signature-256 header');
      throw new UnauthorizedException('Missing or malformed X-Hub-Signature-256 header (sha256=<hex HMAC-SHA256 of the body>).');
    }
    const rawBody = await readRequestBody(request, this.config.WEBHOOK_MAX_BYTES);
    if (hasValidMetaSignature(rawBody, header, appSecret)) return true;
    await this.refuse(request, 'X-Hub-Signature-256 does not sign the body with META_APP_SECRET');
    throw new ForbiddenException('X-Hub-Signature-256 does not match the body.');
  }

  private async refuse(request: Request, reason: string): Promise<void> {
    this.logger.warn({ ip: request.ip }, `Meta webhook refused: ${reason}`);
    await this.refusals.record(META_WEBHOOK_SOURCE, 'bad_signature', reason);
  }
}
