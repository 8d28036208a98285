import { replayResultSchema, webhookEventPageSchema, webhookEventSchema, type WebhookEvent as WebhookEventJson, type WebhookEventStatus } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { WebhookEvent } from '../../database/models';
import { maskCredential } from './masked-credentials';

export class WebhookEventOutput extends createZodDto(webhookEventSchema) {}
export class WebhookEventPageOutput extends createZodDto(webhookEventPageSchema) {}
export class ReplayResultOutput extends createZodDto(replayResultSchema) {}

export function statusOf(event: WebhookEvent): WebhookEventStatus {
  if (event.processedAt) return 'processed';
  if (event.unattributable) return 'unattributable';
  return event.error ? 'failed' : 'pending';
}

export function toWebhookEventOutput(event: WebhookEvent): WebhookEventJson {
  return {
    id: event.id,
    channel: event.channel,
    externalId: event.externalId,
    type: event.type,
    vapiCallId: event.vapiCallId,
    status: statusOf(event),
    receivedAt: event.receivedAt.toISOString(),
    processedAt: event.processedAt?.toISOString() ?? null,
    attempts: event.attempts,
    error: event.error,
    // Masked again as it is read: deliveries stored before masking on the way in still hold credentials.
    payload: JSON.parse(event.payload, maskCredential),
  };
}
