import { useQuery } from '@tanstack/react-query';
import { stageKeys } from '../../leads/api/leadQueryKeys';
import { fetchStages } from '../api/pipelineApi';

/** The pipeline's stages by position; the live stream replaces them when an admin changes them. */
export function useStages() {
  return useQuery({ queryKey: stageKeys.all, queryFn: ({ signal }) => fetchStages(signal), staleTime: Infinity });
}
