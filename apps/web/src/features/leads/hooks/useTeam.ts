import { useQuery } from '@tanstack/react-query';
import { fetchStaff, staffKey } from '../../auth';

/** Whom a lead can be given to: the team, for those who may list it (GET /api/staff is for admins). */
export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: staffKey, queryFn: ({ signal }) => fetchStaff(signal), enabled });
}
