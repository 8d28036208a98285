import type { Lead, Stage } from '@lead-desk/contracts';
import { ApiError } from '../../../lib/apiClient';

/** Why a move was undone, in words: a conflict names the lost race, anything else the API's own message. */
export function moveFailureText(error: unknown, lead: Lead, stage: Stage): string {
  if (error instanceof ApiError && error.status === 412) {
    return `${lead.name} was changed by someone else meanwhile, so it was not moved. The board shows the latest.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `Could not move ${lead.name} to ${stage.name}: ${reason}`;
}
