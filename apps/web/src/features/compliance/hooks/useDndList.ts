import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadKeys } from '../../leads';
import { dndListKey, fetchDndList, uploadDndList } from '../api/complianceApi';

/** The scrub list's summary, and uploading a new one (which changes whom the call buttons allow). */
export function useDndList() {
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: dndListKey, queryFn: ({ signal }) => fetchDndList(signal) });
  const upload = useMutation({
    mutationFn: uploadDndList,
    onSuccess: (result) => {
      queryClient.setQueryData(dndListKey, { count: result.count, uploadedAt: result.uploadedAt, uploadedBy: result.uploadedBy, mode: result.mode });
      // A lead's call button asks its eligibility again: it may now be on (or off) the list.
      void queryClient.invalidateQueries({ queryKey: leadKeys.allParts(), predicate: (query) => query.queryKey.at(-1) === 'call-eligibility' });
    },
  });
  return { summary, upload };
}
