import { replayResultSchema, webhookEventPageSchema, webhookEventSchema, type WebhookEvent as WebhookEventJson, type WebhookEventStatus } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { WebhookEvent } from '../../database/models';

export class WebhookEventOutput extends createZodDto(webhookEventSchema) {}
export class WebhookEventPageOutput extends createZodDto(webhookEventPageSchema) {}
export class ReplayResultOutput extends createZodDto(replayResultSchema) {}

/** Keys whose values are credentials wherever they sit in a message (an inline assistant's server, its credentials). */
const SECRET_KEY = /secret|password|api[-_]?key|authorization|^(access|refresh)?token$/i;

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, SECRET_KEY.test(key) && typeof child !== 'object' ? '[redacted]' : masked(child)]));
}

export function statusOf(event: WebhookEvent): WebhookEventStatus {
  if (event.processedAt) return 'processed';
  if (event.unattributable) return 'unattributable';
  return event.error ? 'failed' : 'pending';
}

export function toWebhookEventOutput(event: WebhookEvent): WebhookEventJson {
  return {
    id: event.id,
    type: event.type,
    vapiCallId: event.vapiCallId,
    status: statusOf(event),
    receivedAt: event.receivedAt.toISOString(),
    processedAt: event.processedAt?.toISOString() ?? null,
    attempts: event.attempts,
    error: event.error,
    payload: masked(JSON.parse(event.payload)),
  };
}
