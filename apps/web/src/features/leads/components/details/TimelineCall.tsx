import type { ActivityData, CallRecord } from '@lead-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { fetchCall } from '../../api/callsApi';
import { callKeys } from '../../api/leadQueryKeys';
import { CallEntry } from '../CallHistory';

const TEXT = {
  show: 'Show call details',
  hide: 'Hide call details',
  loading: 'Loading the call…',
  failed: 'Could not load the call',
};

/**
 * A call in the timeline: its summary at once, and on demand the whole call as the
 * Calls section shows it (structured outputs, transcript, recording).
 */
export function TimelineCall({ data, calls }: { data: ActivityData<'call'>; calls: CallRecord[] | undefined }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <div className="timeline-call">
      {data.summary && <p className="timeline-call__summary">{data.summary}</p>}
      <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        {open ? TEXT.hide : TEXT.show}
      </button>
      <div id={detailsId}>{open && <TimelineCallDetails callId={data.callId} known={calls?.find((call) => call.id === data.callId)} />}</div>
    </div>
  );
}

/** The lead's details usually hold the call already; live call updates keep this query current. */
function TimelineCallDetails({ callId, known }: { callId: string; known: CallRecord | undefined }) {
  const call = useQuery({ queryKey: callKeys.call(callId), queryFn: ({ signal }) => fetchCall(callId, signal), initialData: known });
  if (call.data) return <CallEntry call={call.data} />;
  if (call.error) return <ErrorNotice title={TEXT.failed} error={call.error} onRetry={() => void call.refetch()} />;
  return <p role="status">{TEXT.loading}</p>;
}
