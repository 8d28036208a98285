import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isJobFinished } from '../api/bulkJobsApi';
import { importSummaryOf, startLeadImportJob, type ImportProgress } from '../api/importLeadsCsv';
import type { ImportChoices } from '../api/previewLeadImport';
import { refreshLeadSummaries } from '../api/leadCache';
import { leadKeys } from '../api/leadQueryKeys';
import { useBulkJob } from './useBulkJob';

/**
 * Uploads a file of leads with the preview's choices, reporting the upload's progress, then
 * follows the import job it starts (live events, polling) until its summary.
 */
export function useLeadImport() {
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState<ImportProgress | null>(null);
  const upload = useMutation({
    mutationFn: ({ file, choices }: { file: File; choices: ImportChoices }) => startLeadImportJob(file, choices, setUploaded),
    onSettled: () => setUploaded(null),
  });
  const started = upload.data;
  const jobQuery = useBulkJob(started?.id);
  const job = started ? jobQuery.data : undefined;
  const finished = isJobFinished(job);
  const changedLeads = finished && job ? job.changed : 0;

  useEffect(() => {
    if (changedLeads === 0) return;
    // Rows land anywhere in the order: the lists start again from their first page.
    void queryClient.resetQueries({ queryKey: leadKeys.lists() });
    void refreshLeadSummaries(queryClient);
  }, [changedLeads, queryClient]);

  let progress: ImportProgress | null = null;
  if (upload.isPending) progress = uploaded ?? { phase: 'uploading', percent: 0 };
  else if (started && !finished) progress = job && job.status === 'running' ? { phase: 'importing', processed: job.processed, total: job.total } : { phase: 'processing' };

  const failed = job?.status === 'failed' ? new Error(job.error ?? 'The import stopped.') : null;
  return {
    start: upload.mutate,
    reset: upload.reset,
    /** The upload runs: the dialog stays open (closed, it could not show the job it starts). */
    isUploading: upload.isPending,
    progress,
    summary: job?.status === 'succeeded' ? importSummaryOf(job) : undefined,
    error: upload.error ?? failed ?? (started ? jobQuery.error : null),
  };
}
