import { MERGE_UNDO_DAYS, type CallRecord, type LeadActivity } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../../components/LoadMoreButton';
import { useDuplicatePairs } from '../../hooks/useDuplicatePairs';
import { useLeadActivity } from '../../hooks/useLeadActivity';
import { formatDateTime } from '../../utils/formatDateTime';
import { activityText } from './activityText';
import { pairElementId } from '../duplicates/DuplicatePairCard';
import { UndoMergeButton } from '../duplicates/UndoMergeButton';
import { TimelineCall } from './TimelineCall';
import { TimelineChat } from './TimelineChat';

const TEXT = {
  activity: 'Activity',
  loading: 'Loading the activity…',
  none: 'Nothing has happened to this lead yet.',
  failed: 'Could not load this lead’s activity',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  by: 'by',
  showPair: 'Show the pair',
};

const DAY_MS = 86_400_000;

/** Until when a merge recorded on the timeline can be undone, while it can be and has not been. */
function undoUntil(entry: Extract<LeadActivity, { type: 'merged' }>, entries: LeadActivity[], now: number): string | null {
  const until = new Date(entry.at).getTime() + MERGE_UNDO_DAYS * DAY_MS;
  const undone = entries.some((other) => other.type === 'merge_undone' && other.data.mergeId === entry.data.mergeId);
  return until > now && !undone ? new Date(until).toISOString() : null;
}

/**
 * Everything that happened to the lead, newest first, a page at a time; calls with their
 * summary and details, a possible duplicate with its pair (while it is open), a merge
 * with its Undo (while it can be undone).
 */
export function LeadTimeline({ leadId, calls }: { leadId: string; calls: CallRecord[] | undefined }) {
  const headingId = useId();
  const activity = useLeadActivity(leadId);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const openPairs = new Set(useDuplicatePairs(leadId).data?.pages.flatMap((page) => page.pairs.map((pair) => pair.id)));
  const now = Date.now();
  return (
    <section className="lead-timeline" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.activity}
      </h3>
      {activity.isPending && <p role="status">{TEXT.loading}</p>}
      {activity.error && <ErrorNotice title={TEXT.failed} error={activity.error} onRetry={() => void activity.refetch()} />}
      {activity.data && entries.length === 0 && <p>{TEXT.none}</p>}
      {entries.length > 0 && (
        <ol className="lead-timeline__entries">
          {entries.map((entry) => (
            <li key={entry.id} className="lead-timeline__entry" data-type={entry.type}>
              <p className="lead-timeline__what">{activityText(entry)}</p>
              <p className="lead-timeline__when">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.actor && ` · ${TEXT.by} ${entry.actor.name}`}
              </p>
              {entry.type === 'call' && <TimelineCall data={entry.data} calls={calls} />}
              {entry.type === 'chat' && <TimelineChat data={entry.data} />}
              {entry.type === 'possible_duplicate' && openPairs.has(entry.data.pairId) && (
                <button type="button" className="link-button" onClick={() => document.getElementById(pairElementId(entry.data.pairId))?.focus()}>
                  {TEXT.showPair}
                </button>
              )}
              {entry.type === 'merged' && <MergeUndo mergeId={entry.data.mergeId} until={undoUntil(entry, entries, now)} />}
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton pages={activity} label={TEXT.loadMore} loadingLabel={TEXT.loadingMore} />
    </section>
  );
}

/** A merge's Undo on its timeline entry, while there is time. */
function MergeUndo({ mergeId, until }: { mergeId: string; until: string | null }) {
  return until ? <UndoMergeButton mergeId={mergeId} undoUntil={until} /> : null;
}
