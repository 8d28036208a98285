import { CanActivate, ExecutionContext, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { hashOfKey } from '../lead-source-key-secret';
import { LeadSourceKeysRepository } from '../lead-source-keys.repository';
import { LeadSourceRefusalsRepository, type LeadSourceRefusalReason } from '../lead-source-refusals.repository';

/** The lead source a request's key belongs to, once the key is accepted. */
export interface KeyedSource {
  keyId: string;
  sourceId: string;
  sourceName: string;
  /** Set once the body was read and handed to the route, which counts its own refusals. */
  bodyRead?: boolean;
}

declare module 'express' {
  interface Request {
    keyedSource?: KeyedSource;
  }
}

/** Answers to a body refused before the route read it: not JSON (400), too large (413), compressed (415). */
const UNREADABLE_BODY = new Set([400, 413, 415]);
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * POST /api/inbound/leads only with a live key of a live source, checked from the header
 * before a byte of the body is read. Each refusal names its problem; a revoked key's or a
 * removed source's is also counted against that source, for its admins to see.
 */
@Injectable()
export class LeadSourceKeyGuard implements CanActivate {
  private readonly logger = new Logger(LeadSourceKeyGuard.name);

  constructor(
    private readonly keys: LeadSourceKeysRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.header('authorization');
    if (!header) throw new UnauthorizedException('Missing API key: send the lead source’s key as Authorization: Bearer <key>.');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new UnauthorizedException('The Authorization header must be "Bearer <key>".');
    const key = await this.keys.findByHash(hashOfKey(token));
    if (!key) throw new UnauthorizedException('Unknown API key.');
    if (key.revokedAt) {
      await this.countRefusal(key.source.id, 'revoked_key', `A revoked API key (${key.prefix}…) was used`);
      throw new UnauthorizedException('This API key was revoked.');
    }
    if (key.source.archivedAt) {
      await this.countRefusal(key.source.id, 'archived_source', `A key (${key.prefix}…) of this removed source was used`);
      throw new UnauthorizedException('This API key’s lead source was removed.');
    }
    const keyed: KeyedSource = { keyId: key.id, sourceId: key.source.id, sourceName: key.source.name };
    request.keyedSource = keyed;
    // A body that is not JSON, or is over the cap, is refused before the route sees it: counted here.
    const response = context.switchToHttp().getResponse<Response>();
    response.once('finish', () => {
      if (!keyed.bodyRead && UNREADABLE_BODY.has(response.statusCode)) void this.countRefusal(keyed.sourceId, 'rejected_payload', `A body that was not JSON or was too large (${response.statusCode})`);
    });
    return true;
  }

  /** A count that fails to be written is logged: the sender still gets its 401. */
  private async countRefusal(sourceId: string, reason: LeadSourceRefusalReason, message: string): Promise<void> {
    await this.refusals.count(sourceId, reason, message).catch((error: unknown) => this.logger.error({ err: error, sourceId, reason }, 'Could not count a refused inbound delivery'));
  }
}
