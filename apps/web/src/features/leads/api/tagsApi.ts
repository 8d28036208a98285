import type { TagCount } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export const tagsKey = ['tags'] as const;

/** GET /api/tags: each tag on the leads the viewer may see, most used first. */
export function fetchTags(signal?: AbortSignal): Promise<TagCount[]> {
  return apiJson('/api/tags', { signal });
}
