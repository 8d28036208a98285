import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToLiveEvents } from '../../../lib/liveEventStream';
import { taskKeys } from '../api/taskQueryKeys';

/** Events close together are one refresh: a booking during a call can make and change tasks in a burst. */
const BATCH_MS = 200;

/**
 * Reads the tasks shown (due lists, the lead's tasks, the calendar, the reminders' list) again
 * when one is made or changed anywhere, and after the live stream missed events.
 */
export function useLiveTaskUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      }, BATCH_MS);
    };
    const unsubscribe = subscribeToLiveEvents({ types: ['task.created', 'task.updated'], onEvent: refresh, onReconnected: refresh, onStopped: refresh });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
