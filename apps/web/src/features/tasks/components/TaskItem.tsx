import type { Task, TaskUpdate } from '@lead-desk/contracts';
import { Check, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '../taskTexts';
import { formatDueTime } from '../taskTime';
import { CompleteTaskForm } from './CompleteTaskForm';

const TEXT = {
  assignee: 'For',
  nobody: 'nobody yet',
  property: 'Property',
  byAgent: 'booked by the AI agent during a call',
  doneBy: (task: Task) => `Done${task.doneBy ? ` by ${task.doneBy.name}` : ''}${task.doneAt ? `, ${formatDueTime(task.doneAt, { withDay: true })}` : ''}`,
  complete: 'Complete',
  cancel: 'Cancel task',
  restore: 'Restore',
};

interface TaskItemProps {
  task: Task;
  /** Completes it; resolves with the API's answer (a completed visit's suggested stage), rejects with what the API refused. */
  onComplete: (outcome: string | null) => Promise<TaskUpdate>;
  /** A task was just completed: the answer, for the next stage to suggest. */
  onCompleted: (update: TaskUpdate) => void;
  /** Calls it off (true) or brings it back (false); a refusal shows with the list. */
  onCancel: (cancelled: boolean) => void;
  pending: boolean;
}

/** One of the lead's tasks: what, when, for whom, a visit's property and the notes; completing, cancelling or restoring it. */
export function TaskItem({ task, onComplete, onCompleted, onCancel, pending }: TaskItemProps) {
  const headingId = useId();
  const [completing, setCompleting] = useState(false);
  return (
    <article className="task-item" data-status={task.status} aria-labelledby={headingId}>
      <h4 id={headingId} className="task-item__title">
        {TASK_TYPE_LABELS[task.type]} · <time dateTime={task.dueAt}>{formatDueTime(task.dueAt, { withDay: true })}</time>
      </h4>
      <span className="task-item__status">{TASK_STATUS_LABELS[task.status]}</span>
      <p className="task-item__facts">
        {TEXT.assignee} {task.assignee?.name ?? TEXT.nobody}
        {task.property && (
          <>
            {' · '}
            {TEXT.property}: {task.property.name}
          </>
        )}
        {task.vapiCallId && ` · ${TEXT.byAgent}`}
      </p>
      {task.notes && <p className="task-item__notes">{task.notes}</p>}
      {task.status === 'done' && (
        <p className="task-item__outcome">
          {TEXT.doneBy(task)}
          {task.outcome && `: ${task.outcome}`}
        </p>
      )}
      {completing ? (
        <CompleteTaskForm
          task={task}
          onCancel={() => setCompleting(false)}
          onComplete={async (outcome) => {
            const update = await onComplete(outcome);
            setCompleting(false);
            onCompleted(update);
          }}
        />
      ) : (
        <div className="task-item__actions">
          {task.status === 'open' && (
            <>
              <button type="button" className="button button--secondary" aria-describedby={headingId} onClick={() => setCompleting(true)}>
                <Check aria-hidden size={16} />
                {TEXT.complete}
              </button>
              <button type="button" className="button button--secondary" aria-describedby={headingId} aria-disabled={pending || undefined} onClick={() => !pending && onCancel(true)}>
                <X aria-hidden size={16} />
                {TEXT.cancel}
              </button>
            </>
          )}
          {task.status === 'cancelled' && (
            <button type="button" className="button button--secondary" aria-describedby={headingId} aria-disabled={pending || undefined} onClick={() => !pending && onCancel(false)}>
              <RotateCcw aria-hidden size={16} />
              {TEXT.restore}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
