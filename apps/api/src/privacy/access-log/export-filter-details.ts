import type { ResolvedLeadFilter } from '../../leads/lead-list-filter';

/**
 * An export's filter as the access log keeps it: every setting, but the search text only as
 * "there was one". A search is often a person's name or number, and the log must not keep
 * what an erasure removes.
 */
export function exportFilterDetails(filter: ResolvedLeadFilter): Record<string, unknown> {
  const { q, createdFrom, createdBefore, ...rest } = filter;
  return {
    ...rest,
    ...(q ? { search: true } : {}),
    ...(createdFrom ? { createdFrom: createdFrom.toISOString() } : {}),
    ...(createdBefore ? { createdBefore: createdBefore.toISOString() } : {}),
  };
}
