import { apiJson } from '../../../lib/apiClient';
import type { CallRecord, PlacedCall } from '../types';

/** Has the agent phone the lead; the server answers with the number it dials. */
export function placeCall(leadId: string): Promise<PlacedCall> {
  return apiJson('/api/calls', { method: 'POST', body: { leadId } });
}

export function fetchCall(id: string, signal?: AbortSignal): Promise<CallRecord> {
  return apiJson(`/api/calls/${encodeURIComponent(id)}`, { signal });
}
