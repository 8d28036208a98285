import { useQuery } from '@tanstack/react-query';
import { stageKeys } from '../api/leadQueryKeys';
import { fetchStages } from '../api/stagesApi';

/** The pipeline's stages, by position; the stages.updated live event replaces them. */
export function useStages() {
  return useQuery({ queryKey: stageKeys.all, queryFn: ({ signal }) => fetchStages(signal), staleTime: 60_000 });
}
