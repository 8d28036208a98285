import type { StaffProfileChanges } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCalendarFeed, fetchMyProfile, profileKey, revokeCalendarFeed, updateStaffProfile } from '../api/profileApi';

/** The signed-in member's profile, changing it, and their calendar feed (made, replaced, revoked). */
export function useMyProfile() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKey });
  const profile = useQuery({ queryKey: profileKey, queryFn: ({ signal }) => fetchMyProfile(signal) });
  return {
    profile,
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: StaffProfileChanges }) => updateStaffProfile(id, changes),
      onSuccess: (saved) => queryClient.setQueryData(profileKey, saved),
    }),
    createFeed: useMutation({ mutationFn: createCalendarFeed, onSuccess: refresh }),
    revokeFeed: useMutation({ mutationFn: revokeCalendarFeed, onSuccess: refresh }),
  };
}
