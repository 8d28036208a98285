import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addStaffMember, fetchStaff, removeStaffMember, staffKey } from '../api/staffApi';

/** The team's accounts, and adding and removing them (admins only). */
export function useStaff() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKey });
  const list = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => fetchStaff(signal) });
  const add = useMutation({ mutationFn: addStaffMember, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeStaffMember, onSuccess: refresh });
  return { list, add, remove };
}
