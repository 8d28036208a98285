import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { TOO_MANY_REQUESTS } from '../../../common/rate-limits';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';

/** What counts as a refused delivery: a wrong or missing credential, a forbidden one, a body over the cap. */
const REFUSALS = new Set([HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN, HttpStatus.PAYLOAD_TOO_LARGE]);
const WINDOW_SECONDS = 60;

/**
 * Every refused webhook delivery counts against its sender's address; once an address has
 * WEBHOOK_REFUSALS_PER_MINUTE of them within the minute, each of its deliveries is a 429 until
 * the minute is over, before its credential is checked or a byte of its body read. The
 * platform is never refused when its credential is right, so only a forger (or a platform
 * sent the wrong credential, refused either way) is ever throttled by it.
 */
@Injectable()
export class WebhookRefusalsGuard implements CanActivate {
  private readonly logger = new Logger(WebhookRefusalsGuard.name);
  private readonly refusals: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.refusals = new RateLimiterMemory({ points: config.WEBHOOK_REFUSALS_PER_MINUTE, duration: WINDOW_SECONDS });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const address = request.ip ?? 'unknown';
    const counted = await this.refusals.get(address);
    if (counted && counted.consumedPoints >= this.config.WEBHOOK_REFUSALS_PER_MINUTE) {
      response.setHeader('Retry-After', String(Math.ceil(counted.msBeforeNext / 1000)));
      throw new HttpException(TOO_MANY_REQUESTS, HttpStatus.TOO_MANY_REQUESTS);
    }
    // The answer is known only once the guards after this one, and the body's reading, are done ('close' also when cut short).
    response.once('close', () => {
      if (REFUSALS.has(response.statusCode)) this.countRefusal(address);
    });
    return true;
  }

  private countRefusal(address: string): void {
    this.refusals.penalty(address).then(
      ({ consumedPoints }) => {
        if (consumedPoints === this.config.WEBHOOK_REFUSALS_PER_MINUTE) {
          this.logger.warn({ ip: address, refusals: consumedPoints }, `Webhook deliveries from this address were refused ${consumedPoints} times within a minute: it gets 429 until the minute is over`);
        }
      },
      (error: unknown) => this.logger.error({ err: error, ip: address }, 'Could not count a refused webhook delivery'),
    );
  }
}
