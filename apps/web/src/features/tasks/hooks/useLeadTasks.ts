import type { NewTask, Task, TaskChanges } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/apiClient';
import { createTask, fetchTaskPage, taskListUrl, updateTask } from '../api/tasksApi';
import { taskKeys } from '../api/taskQueryKeys';

/** A lead has a handful of tasks: the API's largest page holds them all. */
const LEAD_TASK_LIMIT = 200;

/** Someone changed the task after it was read: nothing was written. */
export function isStaleTask(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

/** A lead's tasks (every status, oldest due first), and making, completing, cancelling and restoring them. */
export function useLeadTasks(leadId: string) {
  const queryClient = useQueryClient();
  // Any change shows in the due lists and the calendar too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
  return {
    list: useQuery({
      queryKey: taskKeys.lead(leadId),
      queryFn: async ({ signal }) => (await fetchTaskPage(taskListUrl({ leadId, limit: LEAD_TASK_LIMIT }), signal)).tasks,
    }),
    create: useMutation({ mutationFn: (task: Omit<NewTask, 'leadId'>) => createTask({ ...task, leadId }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ task, changes }: { task: Task; changes: TaskChanges }) => updateTask(task, changes),
      onSuccess: refresh,
      // A refused change was made against an old copy: show the task as it is now.
      onError: (error) => {
        if (isStaleTask(error)) void refresh();
      },
    }),
  };
}
