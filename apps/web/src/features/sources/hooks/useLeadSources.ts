import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadSourceChanges, StaffLeadCalls } from '@lead-desk/contracts';
import {
  changeLeadSource,
  createLeadSource,
  createSourceKey,
  fetchLeadSources,
  fetchSourceKeys,
  fetchStaffLeadCalls,
  fetchStaffMembers,
  putStaffLeadCalls,
  removeLeadSource,
  revokeSourceKey,
  sendTestLead,
  sourcesKey,
} from '../api/sourcesApi';

/** The sources with their counts, the staff to choose owners from, the staff-created leads' switch, and every change (the list refreshes after each). */
export function useLeadSources() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sourcesKey });
  return {
    sources: useQuery({ queryKey: sourcesKey, queryFn: ({ signal }) => fetchLeadSources(signal) }),
    staff: useQuery({ queryKey: [...sourcesKey, 'staff'], queryFn: ({ signal }) => fetchStaffMembers(signal) }),
    staffLeadCalls: useQuery({ queryKey: [...sourcesKey, 'staff-leads'], queryFn: ({ signal }) => fetchStaffLeadCalls(signal) }),
    setStaffLeadCalls: useMutation({ mutationFn: (settings: StaffLeadCalls) => putStaffLeadCalls(settings), onSuccess: refresh }),
    create: useMutation({ mutationFn: (name: string) => createLeadSource({ name }), onSuccess: refresh }),
    change: useMutation({ mutationFn: ({ id, changes }: { id: string; changes: LeadSourceChanges }) => changeLeadSource(id, changes), onSuccess: refresh }),
    remove: useMutation({ mutationFn: removeLeadSource, onSuccess: refresh }),
    testLead: useMutation({ mutationFn: sendTestLead, onSuccess: refresh }),
  };
}

/** One source's keys, making one (answered once) and revoking one. */
export function useSourceKeys(sourceId: string) {
  const queryClient = useQueryClient();
  const key = [...sourcesKey, sourceId, 'keys'];
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    keys: useQuery({ queryKey: key, queryFn: ({ signal }) => fetchSourceKeys(sourceId, signal) }),
    create: useMutation({ mutationFn: () => createSourceKey(sourceId), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (keyId: string) => revokeSourceKey(sourceId, keyId), onSuccess: refresh }),
  };
}
