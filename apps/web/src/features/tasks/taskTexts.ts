import type { TaskStatus, TaskType } from '@lead-desk/contracts';

export const TASK_TYPE_LABELS: Record<TaskType, string> = { call: 'Call', site_visit: 'Site visit', meeting: 'Meeting', other: 'Other' };

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { open: 'Open', done: 'Done', cancelled: 'Cancelled' };
