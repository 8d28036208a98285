import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../auth/auth.decorators';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';
import { SIGN_IN_LIMIT } from '../../common/rate-limits';
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from './message-depth';
import { VapiSecretGuard } from './vapi-secret.guard';
import { webhookEnvelopeSchema } from './vapi-message';
import { WebhookProcessor } from './webhook-processor.service';

@ApiTags('voice')
@Public()
@Controller('webhooks')
export class VapiWebhookController {
  constructor(private readonly processor: WebhookProcessor) {}

  /**
   * The voice platform's server messages. 200 once processed; 202 when stored but its
   * processing failed (kept for `pnpm webhooks:replay`); other types 200 and dropped.
   */
  @Post('vapi')
  @HttpCode(200)
  @UseGuards(VapiSecretGuard, ThrottlerGuard)
  @SkipThrottle({ [SIGN_IN_LIMIT]: true })
  async receive(@Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    const envelope = webhookEnvelopeSchema.safeParse(body);
    if (!envelope.success) throw new InvalidFieldsException(fieldErrorsFromZod(envelope.error));
    if (nestsDeeperThan(envelope.data.message, MAX_MESSAGE_DEPTH)) {
      throw new InvalidFieldsException([{ field: 'message', message: `must not nest more than ${MAX_MESSAGE_DEPTH} levels deep` }]);
    }
    const outcome = await this.processor.receive(envelope.data.message);
    if (outcome.stored && !outcome.processed) response.status(202);
    return outcome.stored ? outcome : { received: true };
  }
}
