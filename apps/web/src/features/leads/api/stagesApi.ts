import type { Stage } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

/** Every stage of the pipeline, archived ones too, by position. */
export function fetchStages(signal?: AbortSignal): Promise<Stage[]> {
  return apiJson('/api/stages', { signal });
}
