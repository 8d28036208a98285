import type { CallbackReceipt, CallbackRequest } from '@lead-desk/contracts';
import { ApiError, apiJson } from '../../../lib/apiClient';

/** POST /api/callback-requests: the answer says, in words, what happens next. */
export function requestCallback(request: CallbackRequest): Promise<CallbackReceipt> {
  return apiJson<CallbackReceipt>('/api/callback-requests', { method: 'POST', body: request });
}

/** The API could not be reached or failed on its side (restarting, its database away): worth sending again as it was. */
export function isPassingFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
