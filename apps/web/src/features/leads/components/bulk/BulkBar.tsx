import type { BulkRequest } from '@lead-desk/contracts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type Dispatch } from 'react';
import { startBulkJob } from '../../api/bulkJobsApi';
import { savedFilterOf } from '../../api/savedViewsApi';
import { selectedCount, type BulkSelection, type BulkSelectionEvent } from '../../bulkSelection';
import type { LeadView } from '../../types';
import type { BulkFormActionType } from './BulkActionForm';
import { describeBulkAction, formatCount, type BulkActionChoice } from './bulkTexts';

// Loaded when an action is chosen: it checks tags with the contracts' schemas, which the page's first download leaves out.
const BulkActionForm = lazy(() => import('./BulkActionForm').then((module) => ({ default: module.BulkActionForm })));

/** Above this many leads an action asks first: a slip of the mouse should not change thousands. */
export const CONFIRM_ABOVE = 100;

const TEXT = {
  label: 'Bulk actions',
  selected: (count: number) => `${formatCount(count)} selected`,
  allMatching: 'all matching this filter',
  selectAll: (total: number) => `Select all ${formatCount(total)} matching`,
  clear: 'Clear selection',
  clearedByFilter: 'Selection cleared: the filter changed.',
  actions: { assign: 'Assign owner', stage: 'Change stage', addTags: 'Add tags', removeTags: 'Remove tags' } satisfies Record<BulkFormActionType, string>,
  archive: 'Archive',
  export: 'Export',
  confirm: 'Confirm',
  cancel: 'Cancel',
  failed: 'The bulk action could not be started:',
};

/** A job the bar started, as the progress panel follows it. */
export interface StartedBulkJob {
  id: string;
  total: number;
  /** "Change stage of 2,431 leads to Contacted". */
  description: string;
}

interface BulkBarProps {
  selection: BulkSelection;
  dispatch: Dispatch<BulkSelectionEvent>;
  view: LeadView;
  /** The view's exact count as the list shows it; null while a new view loads. */
  matchingTotal: number | null;
  /** Export is for those who may download leads (admins, and everyone in open mode). */
  canExport: boolean;
  onStarted: (job: StartedBulkJob) => void;
}

/** What is selected, how to select everything the filter matches, and what to do to it. */
export function BulkBar({ selection, dispatch, view, matchingTotal, canExport, onStarted }: BulkBarProps) {
  const questionId = useId();
  const [choosing, setChoosing] = useState<BulkFormActionType | null>(null);
  const [confirming, setConfirming] = useState<BulkActionChoice | null>(null);
  const count = selectedCount(selection);
  const start = useMutation({
    mutationFn: ({ request }: { choice: BulkActionChoice; request: BulkRequest }) => startBulkJob(request),
    onSuccess: (created, { choice }) => {
      setChoosing(null);
      setConfirming(null);
      dispatch({ type: 'CLEAR' });
      onStarted({ id: created.id, total: created.total, description: describeBulkAction(choice, created.total) });
    },
  });
  // A selection of everything matching is sent as the filter: the server selects, not the leads loaded here.
  const requestFor = (choice: BulkActionChoice): BulkRequest => selection.kind === 'ids' ? { ids: [...selection.ids], action: choice.action } : { filter: savedFilterOf(view), action: choice.action };

  const run = (choice: BulkActionChoice) => {
    if (start.isPending) return;
    if (count > CONFIRM_ABOVE && confirming === null) return setConfirming(choice);
    start.mutate({ choice, request: requestFor(choice) });
  };
  const choose = (type: BulkFormActionType) => {
    setConfirming(null);
    setChoosing(choosing === type ? null : type);
  };

  if (selection.kind === 'nothing') {
    return (
      <p className="bulk-bar__notice" role="status">
        {selection.clearedByFilter ? TEXT.clearedByFilter : ''}
      </p>
    );
  }

  return (
    <section className="bulk-bar" aria-label={TEXT.label}>
      <div className="bulk-bar__selection">
        <p className="bulk-bar__count" role="status">
          <strong>{TEXT.selected(count)}</strong>
          {selection.kind === 'matching' && <span>: {TEXT.allMatching}</span>}
        </p>
        {selection.kind === 'ids' && matchingTotal !== null && matchingTotal > count && (
          <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'SELECT_ALL_MATCHING', total: matchingTotal })}>
            {TEXT.selectAll(matchingTotal)}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'CLEAR' })}>
          {TEXT.clear}
        </button>
      </div>
      <div className="bulk-bar__actions">
        {(Object.keys(TEXT.actions) as BulkFormActionType[]).map((type) => (
          <button key={type} type="button" className="button button--secondary" aria-expanded={choosing === type} onClick={() => choose(type)}>
            {TEXT.actions[type]}
          </button>
        ))}
        <button type="button" className="button button--secondary" onClick={() => run({ action: { type: 'archive' } })}>
          {TEXT.archive}
        </button>
        {canExport && (
          <button type="button" className="button button--secondary" onClick={() => run({ action: { type: 'export' } })}>
            {TEXT.export}
          </button>
        )}
      </div>
      {choosing && !confirming && (
        <Suspense fallback={null}>
          <BulkActionForm key={choosing} type={choosing} onChoose={run} onCancel={() => setChoosing(null)} />
        </Suspense>
      )}
      {confirming && (
        <div className="bulk-bar__confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>{describeBulkAction(confirming, count)}?</p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            {TEXT.cancel}
          </button>
          <button type="button" className="button button--primary" autoFocus aria-disabled={start.isPending || undefined} onClick={() => run(confirming)}>
            {TEXT.confirm}
          </button>
        </div>
      )}
      {start.error && (
        <p className="form-error" role="alert">
          {TEXT.failed} {start.error.message}
        </p>
      )}
    </section>
  );
}
