import { useInfiniteQuery } from '@tanstack/react-query';
import { callRefusalsKey, fetchCallRefusals } from '../api/complianceApi';

/** The refused calls, a page at a time, newest first; asked again each time the panel opens (refusals come all day). */
export function useCallRefusals() {
  return useInfiniteQuery({
    queryKey: callRefusalsKey,
    queryFn: ({ pageParam, signal }) => fetchCallRefusals(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}
