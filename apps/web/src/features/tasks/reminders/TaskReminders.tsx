import type { Task } from '@lead-desk/contracts';
import { BellRing } from 'lucide-react';
import { useCallback } from 'react';
import { PageNotice, PageNotices } from '../../../components/PageNotices';
import { useReminderTasks } from '../hooks/useDueTasks';
import type { LeadOpener } from '../leadOpener';
import { TaskLeadLink } from '../components/TaskLeadLink';
import { TASK_TYPE_LABELS } from '../taskTexts';
import { formatDueTime } from '../taskTime';
import { notifyIfAllowed } from '../../../lib/browserNotifications';
import { indexedDbReminderLedger, type ReminderLedger } from './reminderLedger';
import { reminderKey } from './reminderSchedule';
import { useTaskReminders } from './useTaskReminders';

const TEXT = {
  region: 'Reminders',
  now: (task: Task) => `${TASK_TYPE_LABELS[task.type]} now`,
  with: 'with',
  at: (task: Task) => `at ${formatDueTime(task.dueAt, { withDay: false })}`,
  notification: (task: Task) => `${TASK_TYPE_LABELS[task.type]} with ${task.leadName}`,
  notificationBody: (task: Task) => [formatDueTime(task.dueAt, { withDay: false }), task.property?.name, task.notes].filter(Boolean).join(' · '),
  dismiss: (task: Task) => `Dismiss the reminder of ${task.leadName}`,
};

/** One ledger for the page: every tab of the browser reads the same one. */
const browserLedger = indexedDbReminderLedger();

interface TaskRemindersProps {
  timeZone: string;
  leadOpener: LeadOpener;
  ledger?: ReminderLedger;
}

/** At each of the member's tasks' due time, a reminder on the page (in one tab only) and, when allowed, from the system. */
export function TaskReminders({ timeZone, leadOpener, ledger = browserLedger }: TaskRemindersProps) {
  const tasks = useReminderTasks(timeZone);
  const onRemind = useCallback((task: Task) => notifyIfAllowed(TEXT.notification(task), { body: TEXT.notificationBody(task), tag: reminderKey(task) }), []);
  const { reminders, dismiss } = useTaskReminders(tasks.data ?? NO_TASKS, ledger, onRemind);
  return (
    // .task-reminders: where the browser test scans the reminders' accessibility.
    <PageNotices label={TEXT.region} side="right" live="assertive" className="task-reminders">
      {reminders.map((task) => (
        <PageNotice key={reminderKey(task)} icon={BellRing} dismissLabel={TEXT.dismiss(task)} onDismiss={() => dismiss(task)}>
          <strong>{TEXT.now(task)}</strong> {TEXT.with} <TaskLeadLink task={task} leadOpener={leadOpener} /> {TEXT.at(task)}
          {task.property && ` · ${task.property.name}`}
        </PageNotice>
      ))}
    </PageNotices>
  );
}

const NO_TASKS: Task[] = [];
