import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../features/auth';
import { ApiError, isUnauthorized } from '../lib/apiClient';

/** Network failures and server errors are worth another try; a 4xx will answer the same again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The page's one query cache. A 401 from any request means the session ended (expired,
 * signed out elsewhere): asking who is signed in again brings up the sign-in form.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: sessionKey, refetchType: 'all' });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => query.queryKey[0] !== sessionKey[0] && onError(error) }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
  return queryClient;
}
