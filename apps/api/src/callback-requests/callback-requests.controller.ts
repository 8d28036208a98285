import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiDefaultResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { CallbackReceipt } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Public } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { CallbackAddressLimitGuard } from './callback-address-limit.guard';
import { pageOf, type RequestOrigin } from './callback-request-evidence';
import { CallbackRequestsService } from './callback-requests.service';
import { CallbackRequestInput } from './inputs/callback-request.input';
import { CallbackRequestPipe, type ReadCallbackRequest } from './inputs/callback-request.pipe';
import { CallbackReceiptOutput } from './outputs/callback-receipt.output';

@ApiTags('callback requests')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('callback-requests')
export class CallbackRequestsController {
  constructor(private readonly callbacks: CallbackRequestsService) {}

  /**
   * The customer page's "Request a callback" form (public: no session, so no CSRF token; the
   * limits per address and per phone and the honeypot keep it from being a free dialler).
   */
  @Public()
  @Post()
  @HttpCode(201)
  @UseGuards(CallbackAddressLimitGuard)
  @ApiBody({ type: CallbackRequestInput })
  @ApiCreatedResponse({ type: CallbackReceiptOutput, description: 'The lead was made or updated; `message` says what happens next, in words.' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyOutput, description: 'Too many requests from this address or for this phone number within the hour; Retry-After says when to try again.' })
  create(@Body(CallbackRequestPipe) body: ReadCallbackRequest, @Req() request: Request): Promise<CallbackReceipt> | CallbackReceipt {
    const origin: RequestOrigin = { address: request.ip ?? 'unknown', page: pageOf(request.header('referer')), userAgent: request.header('user-agent')?.slice(0, 300) ?? null };
    return body.kind === 'bot' ? this.callbacks.refuseQuietly(origin) : this.callbacks.receive(body.request, origin);
  }
}
