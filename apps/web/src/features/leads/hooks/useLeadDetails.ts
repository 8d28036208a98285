import { useQuery } from '@tanstack/react-query';
import { fetchLead } from '../api/leadsApi';
import { leadKeys } from '../api/leadQueryKeys';

/** One lead with its calls; live call updates refresh it. */
export function useLeadDetails(id: string | null) {
  return useQuery({
    queryKey: leadKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchLead(id!, signal),
    enabled: id !== null,
  });
}
