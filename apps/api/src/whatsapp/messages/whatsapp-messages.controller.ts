import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WhatsappMessage, WhatsappReplyOptions } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { IdParams } from '../../common/id.params';
import { SendWhatsappMessageInput, WhatsappMessagesQuery } from './inputs/whatsapp-message.inputs';
import { WhatsappMessageOutput, WhatsappReplyOptionsOutput } from './whatsapp-message.output';
import { WhatsappMessagesService } from './whatsapp-messages.service';

@ApiTags('whatsapp')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/whatsapp')
export class WhatsappMessagesController {
  constructor(private readonly messages: WhatsappMessagesService) {}

  @Get('messages')
  @ApiOkResponse({ type: [WhatsappMessageOutput], description: 'The lead’s WhatsApp conversation, newest first: the person’s messages and ours with their statuses.' })
  list(@Param() params: IdParams, @Query() query: WhatsappMessagesQuery, @Req() request: Request): Promise<WhatsappMessage[]> {
    return this.messages.list(params.id, query.limit as number, request.staff);
  }

  @Get('reply')
  @ApiOkResponse({
    type: WhatsappReplyOptionsOutput,
    description: 'What a reply may be now: whether WhatsApp is configured, why no message may go to the person (409 reasons of a send), and the 24-hour window for free text.',
  })
  replyOptions(@Param() params: IdParams, @Req() request: Request): Promise<WhatsappReplyOptions> {
    return this.messages.replyOptions(params.id, request.staff);
  }

  @Post('messages')
  @ApiCreatedResponse({
    type: WhatsappMessageOutput,
    description:
      'Queued and sent: status accepted (Meta took it), pending (Meta’s rate limit or an outage: tried again) or failed (Meta’s reason). 409 with the reason when it may not be sent (no opt-in, Do Not Call, outside the 24-hour window for text); 503 while WhatsApp is not configured.',
  })
  send(@Param() params: IdParams, @Body() body: SendWhatsappMessageInput, @Req() request: Request): Promise<WhatsappMessage> {
    return this.messages.send(params.id, body, request.staff);
  }
}
