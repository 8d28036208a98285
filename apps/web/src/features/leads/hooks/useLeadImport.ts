import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { importLeadsCsv, type ImportProgress } from '../api/importLeadsCsv';
import type { ImportChoices } from '../api/previewLeadImport';
import { refreshLeadSummaries } from '../api/leadCache';
import { leadKeys } from '../api/leadQueryKeys';

/** Uploads a file of leads with the preview's choices, reporting progress, then the server's summary. */
export function useLeadImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, choices }: { file: File; choices: ImportChoices }) => importLeadsCsv(file, choices, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: (summary) => {
      if (summary.created + summary.updated === 0) return;
      // Rows land anywhere in the order: the lists start again from their first page.
      void queryClient.resetQueries({ queryKey: leadKeys.lists() });
      void refreshLeadSummaries(queryClient);
    },
  });
  return { ...mutation, progress };
}
