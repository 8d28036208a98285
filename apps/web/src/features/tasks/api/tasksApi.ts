import type { ListTasksQuery, NewTask, Task, TaskChanges, TaskUpdate } from '@lead-desk/contracts';
import { apiFetch, apiJson } from '../../../lib/apiClient';
import { nextLink } from '../../../lib/nextLink';

export interface TaskPage {
  tasks: Task[];
  /** All tasks that match, not just this page. */
  total: number;
  /** The next page's URL, from the Link header. */
  next: string | null;
}

/** GET /api/tasks's first page for a query; later pages come from each answer's Link header. */
export function taskListUrl(query: ListTasksQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return `/api/tasks?${params}`;
}

export async function fetchTaskPage(url: string, signal?: AbortSignal): Promise<TaskPage> {
  const response = await apiFetch(url, { signal });
  return {
    tasks: (await response.json()) as Task[],
    total: Number(response.headers.get('X-Total-Count') ?? 0),
    next: nextLink(response.headers.get('Link')),
  };
}

export function createTask(task: NewTask): Promise<Task> {
  return apiJson('/api/tasks', { method: 'POST', body: task });
}

/** PATCH /api/tasks/:id against the version the member saw (412 when someone changed it first). */
export function updateTask(task: Pick<Task, 'id' | 'version'>, changes: TaskChanges): Promise<TaskUpdate> {
  return apiJson(`/api/tasks/${encodeURIComponent(task.id)}`, { method: 'PATCH', headers: { 'If-Match': `"${task.version}"` }, body: changes });
}
