import type { Task } from '@lead-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { taskKeys } from '../api/taskQueryKeys';
import { timeUntilNextDue } from '../reminders/reminderSchedule';

/** At each task's due time the API moves it from "Due today" to "Overdue": the lists are read again then, in every tab. */
export function useDueListsRollover(tasks: readonly Task[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tasks) return;
    const wait = timeUntilNextDue(tasks, Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: taskKeys.all, predicate: ({ queryKey }) => ['due', 'reminders'].includes(String(queryKey[1])) }), wait);
    return () => clearTimeout(timer);
  }, [tasks, queryClient]);
}
