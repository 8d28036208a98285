import type { LeadStage, TaskUpdate } from '@lead-desk/contracts';
import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { isStaleTask, useLeadTasks } from '../hooks/useLeadTasks';
import { NextStageSuggestion } from './NextStageSuggestion';
import { TaskForm } from './TaskForm';
import { TaskItem } from './TaskItem';
import '../tasks.css';

const TEXT = {
  title: 'Tasks',
  add: 'Add task',
  loading: 'Loading tasks…',
  none: 'No tasks yet.',
  failed: 'Could not load this lead’s tasks',
  changeFailed: 'The task could not be changed:',
  stale: 'Someone changed this task meanwhile: it is shown as it is now. Try again if still needed.',
};

interface LeadTasksProps {
  leadId: string;
  /** The signed-in member (null in open mode). */
  viewerId: string | null;
  /** Admins (and open mode) assign tasks to anyone on the team. */
  listsTeam: boolean;
  /** Moves the lead to a stage (the one a completed site visit suggests); rejects with the reason it could not. */
  onMoveToStage: (stage: LeadStage) => Promise<unknown>;
}

/** The lead's follow-ups: each task with its state, a form for a new one, and, after a site visit, the next stage to move to. */
export function LeadTasks({ leadId, viewerId, listsTeam, onMoveToStage }: LeadTasksProps) {
  const headingId = useId();
  const tasks = useLeadTasks(leadId);
  const [adding, setAdding] = useState(false);
  const [suggested, setSuggested] = useState<LeadStage | null>(null);
  const { list, update } = tasks;
  // A refused completion shows on its own form; a refused cancel or restore shows here.
  const refusedCancel = update.error && update.variables?.changes.cancelled !== undefined ? update.error : null;
  const changeError = refusedCancel && (isStaleTask(refusedCancel) ? TEXT.stale : `${TEXT.changeFailed} ${refusedCancel.message}`);
  return (
    <section className="lead-tasks" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.title}
      </h3>
      {suggested && <NextStageSuggestion key={suggested.id} stage={suggested} onMove={onMoveToStage} onDismiss={() => setSuggested(null)} />}
      {changeError && (
        <p className="form-error" role="alert">
          {changeError}
        </p>
      )}
      {list.isPending && <p role="status">{TEXT.loading}</p>}
      {list.error && <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <p className="lead-tasks__none">{TEXT.none}</p>}
      {list.data && list.data.length > 0 && (
        <ol className="lead-tasks__list">
          {list.data.map((task) => (
            <li key={task.id}>
              <TaskItem
                task={task}
                pending={update.isPending}
                onComplete={(outcome) => update.mutateAsync({ task, changes: { done: true, ...(outcome && { outcome }) } })}
                onCompleted={({ suggestedStage }: TaskUpdate) => setSuggested(suggestedStage)}
                onCancel={(cancelled) => update.mutate({ task, changes: { cancelled } })}
              />
            </li>
          ))}
        </ol>
      )}
      {adding ? (
        <TaskForm viewerId={viewerId} listsTeam={listsTeam} onSave={(task) => tasks.create.mutateAsync(task)} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
          <CalendarPlus aria-hidden size={18} />
          {TEXT.add}
        </button>
      )}
    </section>
  );
}
