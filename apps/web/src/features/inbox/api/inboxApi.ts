import { apiJson } from '../../../lib/apiClient';
import type { InboxStatus, ReplayResult, WebhookEventPage } from '@lead-desk/contracts';

export const inboxKey = ['webhook-events'] as const;

export function fetchWebhookEvents(status: InboxStatus, cursor: string | null, signal?: AbortSignal): Promise<WebhookEventPage> {
  const query = new URLSearchParams({ status, limit: '20', ...(cursor ? { cursor } : {}) });
  return apiJson(`/api/webhooks/events?${query}`, { signal });
}

export function replayWebhookEvent(id: string): Promise<ReplayResult> {
  return apiJson(`/api/webhooks/events/${encodeURIComponent(id)}/replay`, { method: 'POST' });
}
