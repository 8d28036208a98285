import { ConflictException, Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ReplayResult, WebhookEventPage } from '@lead-desk/contracts';
import { Roles } from '../../auth/auth.decorators';
import { CHAT_CHANNEL } from '../../chat/chat-channel';
import { ChatResults } from '../../chat/chat-results';
import type { DeliveryTry } from '../../inbox/delivery-tries';
import { LeadAdsProcessor } from '../../lead-ads/lead-ads-processor.service';
import { INBOUND_CHANNEL } from '../../lead-sources/inbound/inbound-deliveries.repository';
import { InboundLeadsService } from '../../lead-sources/inbound/inbound-leads.service';
import { decodeLeadCursor, encodeLeadCursor } from '../../leads/lead-cursor';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { IdParams } from '../../common/id.params';
import { ReplayResultOutput, toWebhookEventOutput, WebhookEventPageOutput } from './webhook-event.output';
import { WebhookEventsQuery } from './webhook-events.query';
import { WebhookInboxRepository } from './webhook-inbox.repository';
import { WebhookProcessor, type ReplayOutcome } from './webhook-processor.service';
import type { WebhookEvent } from '../../database/models';

/** The webhook inbox for admins: deliveries that failed or name no call, and replaying one. */
@ApiTags('voice')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('webhooks/events')
export class WebhookEventsController {
  constructor(
    private readonly inbox: WebhookInboxRepository,
    private readonly processor: WebhookProcessor,
    private readonly leadAds: LeadAdsProcessor,
    private readonly inboundLeads: InboundLeadsService,
    private readonly chatResults: ChatResults,
  ) {}

  /** `{ events, nextCursor }`, newest first; pass `nextCursor` as `cursor` for the next page. */
  @Get()
  @ApiOkResponse({ type: WebhookEventPageOutput })
  async list(@Query() query: WebhookEventsQuery): Promise<WebhookEventPage> {
    // The inbox pages on (receivedAt, id) as the leads list pages on (createdAt, id): the same cursor.
    const after = query.cursor ? decodeLeadCursor(query.cursor) : undefined;
    const events = await this.inbox.withProblem(query.status, query.limit + 1, after && { receivedAt: after.createdAt, id: after.id });
    const page = events.slice(0, query.limit);
    const last = page.at(-1);
    return {
      events: page.map(toWebhookEventOutput),
      nextCursor: events.length > query.limit && last ? encodeLeadCursor({ createdAt: last.receivedAt, id: last.id }) : null,
    };
  }

  /** Processes a stored event again: `{ outcome, event }` (outcome processed, failed or unattributable). */
  @Post(':id/replay')
  @HttpCode(200)
  @ApiOkResponse({ type: ReplayResultOutput })
  async replay(@Param() { id }: IdParams): Promise<ReplayResult> {
    const event = await this.inbox.findById(id);
    if (!event) throw new NotFoundException(`No webhook event with id ${id}.`);
    if (event.processedAt) throw new ConflictException('This webhook event has been processed already.');
    const outcome =
      event.channel === 'vapi'
        ? await this.processor.replay(event)
        : event.channel === INBOUND_CHANNEL
          ? await this.inboundLeads.replay(event.id, event.payload)
          : await this.tryAgain(event, event.channel === CHAT_CHANNEL ? this.chatResults : this.leadAds);
    return { outcome, event: toWebhookEventOutput((await this.inbox.findById(id))!) };
  }

  /** A Meta or Google delivery, or a chat's result, tried once more now; one another try holds at this moment ends as that try does. */
  private async tryAgain(event: WebhookEvent, processor: { attempt(event: WebhookEvent): Promise<DeliveryTry> }): Promise<ReplayOutcome> {
    const attempt = await processor.attempt(event);
    if (attempt !== 'taken') return attempt;
    return (await this.inbox.findById(event.id))?.processedAt ? 'processed' : 'failed';
  }
}
