import type { CallRecord } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../../components/LoadMoreButton';
import { useLeadActivity } from '../../hooks/useLeadActivity';
import { formatDateTime } from '../../utils/formatDateTime';
import { activityText } from './activityText';
import { TimelineCall } from './TimelineCall';

const TEXT = {
  activity: 'Activity',
  loading: 'Loading the activity…',
  none: 'Nothing has happened to this lead yet.',
  failed: 'Could not load this lead’s activity',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  by: 'by',
};

/** Everything that happened to the lead, newest first, a page at a time; calls with their summary and details. */
export function LeadTimeline({ leadId, calls }: { leadId: string; calls: CallRecord[] | undefined }) {
  const headingId = useId();
  const activity = useLeadActivity(leadId);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
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
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton pages={activity} label={TEXT.loadMore} loadingLabel={TEXT.loadingMore} />
    </section>
  );
}
