import type { CallRecord, PlacedCall } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

/** Has the agent phone the lead; the server answers with the number it dials. */
export function placeCall(leadId: string): Promise<PlacedCall> {
  return apiJson('/api/calls', { method: 'POST', body: { leadId } });
}

export function fetchCall(id: string, signal?: AbortSignal): Promise<CallRecord> {
  return apiJson(`/api/calls/${encodeURIComponent(id)}`, { signal });
}

/** Where the player fetches a call's recording: the API streams it from the voice platform. */
export function recordingUrl(callId: string): string {
  return `/api/calls/${encodeURIComponent(callId)}/recording`;
}
