import { useQuery } from '@tanstack/react-query';
import { fetchStaff, staffKey } from '../../auth';
import { fetchPropertyChoices } from '../api/propertyChoicesApi';
import { propertyChoicesKey } from '../api/taskQueryKeys';

/** Whom a task can be for (the team, for those who may list it: admins) and the properties a visit can be about. */
export function useTaskFormChoices(listsTeam: boolean) {
  return {
    team: useQuery({ queryKey: staffKey, queryFn: ({ signal }) => fetchStaff(signal), enabled: listsTeam }),
    properties: useQuery({ queryKey: propertyChoicesKey, queryFn: ({ signal }) => fetchPropertyChoices(signal), staleTime: 5 * 60_000 }),
  };
}
