import type { TaskDueWindow } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useDueTasks } from '../hooks/useDueTasks';
import type { LeadOpener } from '../leadOpener';
import { TASK_TYPE_LABELS } from '../taskTexts';
import { formatDueTime } from '../taskTime';
import { TaskLeadLink } from './TaskLeadLink';

const TEXT = {
  titles: { today: 'Due today', overdue: 'Overdue', upcoming: 'Upcoming' } satisfies Record<TaskDueWindow, string>,
  none: { today: 'Nothing due today.', overdue: 'Nothing overdue.', upcoming: 'Nothing coming up.' } satisfies Record<TaskDueWindow, string>,
  loading: 'Loading tasks…',
  failed: (title: string) => `Could not load “${title}”`,
  more: 'Show more',
  loadingMore: 'Loading more…',
};

interface DueTaskListProps {
  window: TaskDueWindow;
  timeZone: string;
  leadOpener: LeadOpener;
}

/** The signed-in member's open tasks of one window with their count: type, time, the lead (opening its details) and a visit's property. */
export function DueTaskList({ window, timeZone, leadOpener }: DueTaskListProps) {
  const headingId = useId();
  const due = useDueTasks(window, timeZone);
  const title = TEXT.titles[window];
  return (
    <section className="due-tasks" data-window={window} aria-labelledby={headingId}>
      <h4 id={headingId} className="due-tasks__title">
        {title} {due.total !== undefined && <span className="due-tasks__count">({due.total})</span>}
      </h4>
      {due.isPending && <p role="status">{TEXT.loading}</p>}
      {due.error && !due.isFetchNextPageError && <ErrorNotice title={TEXT.failed(title)} error={due.error} onRetry={() => void due.refetch()} />}
      {due.data && due.tasks.length === 0 && <p className="due-tasks__none">{TEXT.none[window]}</p>}
      {due.tasks.length > 0 && (
        <ul className="due-tasks__list">
          {due.tasks.map((task) => (
            <li key={task.id} className="due-task">
              <span className="due-task__type">{TASK_TYPE_LABELS[task.type]}</span>
              <time className="due-task__time" dateTime={task.dueAt}>
                {formatDueTime(task.dueAt, { withDay: window !== 'today', timeZone })}
              </time>
              <TaskLeadLink task={task} leadOpener={leadOpener} />
              {task.type === 'site_visit' && task.property && <span className="due-task__property">{task.property.name}</span>}
            </li>
          ))}
        </ul>
      )}
      {due.isFetchNextPageError && <ErrorNotice title={TEXT.failed(title)} error={due.error} onRetry={() => void due.fetchNextPage()} />}
      <LoadMoreButton pages={due} label={TEXT.more} loadingLabel={TEXT.loadingMore} />
    </section>
  );
}
