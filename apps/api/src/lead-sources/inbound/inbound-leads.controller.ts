import { Body, Controller, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { InboundLeadReceipt } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { RateLimit, WEBHOOK_LIMIT } from '../../common/rate-limits';
import { InboundLeadBody } from '../../common/request-body/request-body.decorators';
import { WebhookRefusalsGuard } from '../../voice/webhooks/credentials/webhook-refusals.guard';
import { LeadSourceKeysRepository } from '../lead-source-keys.repository';
import { InboundLeadReceiptOutput } from '../outputs/lead-source.outputs';
import { INBOUND_LEAD_DESCRIPTION, INBOUND_LEAD_EXAMPLES } from './inbound-lead-examples';
import { InboundLeadsService } from './inbound-leads.service';
import { LeadSourceKeyGuard } from './lead-source-key.guard';

@ApiTags('lead sources')
@Public()
@Controller('inbound')
export class InboundLeadsController {
  constructor(
    private readonly inbound: InboundLeadsService,
    private readonly keys: LeadSourceKeysRepository,
  ) {}

  @Post('leads')
  @InboundLeadBody()
  // Guards listed lower run first: an address refused too often is a 429 at once; then every
  // delivery counts against the per-address limit; then the key is checked, before the body is read.
  @UseGuards(LeadSourceKeyGuard)
  @RateLimit(WEBHOOK_LIMIT)
  @UseGuards(WebhookRefusalsGuard)
  @ApiOperation({ summary: 'One lead from a lead source (its API key)', description: INBOUND_LEAD_DESCRIPTION })
  @ApiBody({ schema: { type: 'object', additionalProperties: true }, examples: INBOUND_LEAD_EXAMPLES })
  @ApiCreatedResponse({ type: InboundLeadReceiptOutput, description: 'Received: the lead, whether it is new, and when the agent will call.' })
  @ApiOkResponse({ type: InboundLeadReceiptOutput, description: 'A repeat of an externalId received before: the same lead, nothing written.' })
  @ApiDefaultResponse({ description: 'An error: 401 naming the key’s problem, 400 naming the field, 413 over 64 KiB, 429 after too many refusals.', type: ErrorBodyOutput })
  async receive(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<InboundLeadReceipt> {
    const keyed = request.keyedSource!;
    keyed.bodyRead = true;
    const { keyId, sourceId, sourceName } = keyed;
    const { receipt, repeat } = await this.inbound.receive({ id: sourceId, name: sourceName }, body);
    await this.keys.markUsed(keyId, new Date());
    response.status(repeat ? 200 : 201);
    return receipt;
  }
}
