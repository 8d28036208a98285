import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchWebhookEvents, inboxKey, replayWebhookEvent } from '../api/inboxApi';
import type { InboxStatus } from '@lead-desk/contracts';

/** The stored events with one problem, page by page, and replaying one (the lists refresh after it). */
export function useWebhookInbox(status: InboxStatus) {
  const queryClient = useQueryClient();
  const events = useInfiniteQuery({
    queryKey: [...inboxKey, status],
    queryFn: ({ pageParam, signal }) => fetchWebhookEvents(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const replay = useMutation({
    mutationFn: replayWebhookEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
  return { events, replay };
}
