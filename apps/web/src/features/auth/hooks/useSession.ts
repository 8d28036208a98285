import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSession, sessionKey, signIn, signOut } from '../api/authApi';

/** Who may use the dashboard: open mode, a signed-in staff member, or null (sign in first). */
export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: ({ signal }) => fetchSession(signal), staleTime: Infinity });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => queryClient.setQueryData(sessionKey, session),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(sessionKey, null);
      // Leads are personal data: nothing of them stays in memory after sign-out.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
