import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { beforeErrorAnswer } from '../../../common/before-error-answer';
import { Clock } from '../../../common/clock';
import { TOO_MANY_REQUESTS } from '../../../common/rate-limits';
import { RequestLimitCounts } from '../../../common/request-limit-counts';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Database } from '../../../database/database';

/** What counts as a refused delivery: a wrong or missing credential, a forbidden one, a body over the cap. */
const REFUSALS = new Set([HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN, HttpStatus.PAYLOAD_TOO_LARGE]);
const WINDOW_MS = 60_000;

/**
 * Every refused webhook delivery counts against its sender's address; once an address has
 * WEBHOOK_REFUSALS_PER_MINUTE of them within the minute, each of its deliveries is a 429 until
 * the minute is over, before its credential is checked or a byte of its body read. The
 * platform is never refused when its credential is right, so only a forger (or a platform
 * sent the wrong credential, refused either way) is ever throttled by it. The refusals are
 * counted in the database (request_limit_counts, under a SHA-256 of the address), so the
 * count holds across every API process.
 */
@Injectable()
export class WebhookRefusalsGuard implements CanActivate {
  private readonly logger = new Logger(WebhookRefusalsGuard.name);
  private readonly counts: RequestLimitCounts;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    database: Database,
    private readonly clock: Clock,
  ) {
    this.counts = new RequestLimitCounts(database);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const address = request.ip ?? 'unknown';
    const key = `webhook-refusals:${createHash('sha256').update(address).digest('hex')}`;
    const now = this.clock.now();
    const counted = await this.counts.find(key, now);
    if (counted && counted.points >= this.config.WEBHOOK_REFUSALS_PER_MINUTE) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil((counted.expire.getTime() - now.getTime()) / 1000))));
      throw new HttpException(TOO_MANY_REQUESTS, HttpStatus.TOO_MANY_REQUESTS);
    }
    // The answer is known only once the guards after this one, and the body's reading, are done: every refusal is an error answer.
    beforeErrorAnswer(request, async (status) => {
      if (REFUSALS.has(status)) await this.countRefusal(key, address);
    });
    return true;
  }

  private async countRefusal(key: string, address: string): Promise<void> {
    const { points } = await this.counts.count(key, this.clock.now(), WINDOW_MS);
    if (points === this.config.WEBHOOK_REFUSALS_PER_MINUTE) {
      this.logger.warn({ ip: address, refusals: points }, `Webhook deliveries from this address were refused ${points} times within a minute: it gets 429 until the minute is over`);
    }
  }
}
