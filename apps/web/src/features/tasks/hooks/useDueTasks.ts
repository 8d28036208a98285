import type { TaskDueWindow } from '@lead-desk/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchTaskPage, taskListUrl } from '../api/tasksApi';
import { taskKeys } from '../api/taskQueryKeys';
import { useToday } from './useToday';

const PAGE_SIZE = 50;
/** The most tasks of each window the reminders follow (the API's largest page). */
const REMINDER_LIMIT = 200;

/** The signed-in member's open tasks of a window (today, overdue), oldest due first, a keyset page at a time. */
export function useDueTasks(window: TaskDueWindow, timeZone: string) {
  const day = useToday(timeZone);
  const query = useInfiniteQuery({
    queryKey: taskKeys.due(window, timeZone, day),
    queryFn: ({ pageParam, signal }) => fetchTaskPage(pageParam, signal),
    initialPageParam: taskListUrl({ assignee: 'me', due: window, tz: timeZone, limit: PAGE_SIZE }),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
  const tasks = useMemo(() => query.data?.pages.flatMap((page) => page.tasks) ?? [], [query.data]);
  return { ...query, tasks, total: query.data?.pages[0]?.total };
}

/**
 * The member's open tasks still due today and those past their time, up to the API's largest
 * page of each, for the reminders: a task stays in sight when its time passes and the API moves
 * it from today to overdue, however late a throttled background tab looks.
 */
export function useReminderTasks(timeZone: string) {
  const day = useToday(timeZone);
  return useQuery({
    queryKey: taskKeys.reminders(timeZone, day),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (['overdue', 'today'] as const).map((due) => fetchTaskPage(taskListUrl({ assignee: 'me', due, tz: timeZone, limit: REMINDER_LIMIT }), signal)),
      );
      return pages.flatMap((page) => page.tasks);
    },
  });
}
