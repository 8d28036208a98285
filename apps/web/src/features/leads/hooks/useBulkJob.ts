import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJob, isJobFinished, laterJobReport } from '../api/bulkJobsApi';
import { jobKeys } from '../api/leadQueryKeys';

/**
 * How often the job is read when no job.updated event came (the stream dropped, or a proxy
 * holds events back). Each event restarts this wait, so while events flow nothing is polled.
 */
export const JOB_POLL_MS = 1500;

/** A background job (a bulk action, an import) as the live events (useLiveLeadUpdates) and, failing them, polling report it; none before it has an id. */
export function useBulkJob(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jobKeys.job(id ?? ''),
    queryFn: async ({ signal }) => {
      const read = await fetchJob(id!, signal);
      // Compared with what is known when the answer arrives: events may have moved on while it was read.
      return laterJobReport(queryClient.getQueryData(jobKeys.job(id!)), read);
    },
    enabled: id !== undefined,
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_POLL_MS),
    // Events keep it current; a refocused tab needs no extra read of a finished job.
    staleTime: Infinity,
  });
}
