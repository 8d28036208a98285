import type { Job, LiveEvent, LiveEventType } from '@lead-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeToLiveEvents } from '../../../lib/liveEventStream';
import { laterJobReport } from '../api/bulkJobsApi';
import { placeLeadInLists, refreshLeadSummaries, removeLeadFromLists } from '../api/leadCache';
import { callKeys, jobKeys, leadKeys, stageKeys } from '../api/leadQueryKeys';
import { tagsKey } from '../api/tagsApi';

const EVENT_TYPES = ['lead.created', 'lead.updated', 'lead.removed', 'call.updated', 'stages.updated', 'job.updated'] as const satisfies readonly LiveEventType[];
/** Events are applied together every so often, so an import of thousands of rows is one update, not thousands. */
const BATCH_MS = 200;
/** Beyond this many lead events in one batch, re-reading the first page is cheaper than placing each. */
const MAX_PLACED_PER_BATCH = 100;

type LeadEvent = Extract<LiveEvent, { type: 'lead.created' | 'lead.updated' | 'lead.removed' }>;
const isLeadEvent = (event: LiveEvent): event is LeadEvent => event.type.startsWith('lead.');
const leadIdOf = (event: LeadEvent) => (event.type === 'lead.removed' ? event.data.id : event.data._id);

/**
 * Listens to the page's live stream (GET /api/events) and keeps the cached leads (lists and board columns), stats,
 * board counts, stages, calls and background jobs current, so changes appear without a reload.
 * `onLeadsChanged` hears which leads were added or changed.
 */
export function useLiveLeadUpdates(onLeadsChanged: (ids: string[]) => void): void {
  const queryClient = useQueryClient();
  const notify = useRef(onLeadsChanged);
  useEffect(() => {
    notify.current = onLeadsChanged;
  });

  useEffect(() => {
    let pending: LiveEvent[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      flushTimer = undefined;
      const batch = pending;
      pending = [];
      const leadEvents = batch.filter(isLeadEvent);
      if (leadEvents.length > MAX_PLACED_PER_BATCH) {
        void queryClient.resetQueries({ queryKey: leadKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: leadKeys.allParts() });
      } else {
        for (const event of leadEvents) {
          if (event.type === 'lead.removed') removeLeadFromLists(queryClient, event.data.id);
          else placeLeadInLists(queryClient, event.data, event.type === 'lead.created');
          // An open lead's notes and timeline are not in the event: read them again (only what is shown is fetched).
          if (event.type === 'lead.updated') void queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(event.data._id) });
        }
      }
      const jobEvents = batch.filter((event) => event.type === 'job.updated');
      for (const { data: job } of jobEvents) queryClient.setQueryData<Job>(jobKeys.job(job.id), (known) => laterJobReport(known, job));
      if (jobEvents.length > 0) {
        // A job's batch changes leads without an event for each: read what is shown again.
        void queryClient.invalidateQueries({ queryKey: leadKeys.all });
        void queryClient.invalidateQueries({ queryKey: tagsKey });
      }
      for (const event of batch) {
        if (event.type === 'stages.updated') {
          queryClient.setQueryData(stageKeys.all, event.data);
          void queryClient.invalidateQueries({ queryKey: leadKeys.all, predicate: (query) => query.queryKey[1] === 'board' });
        }
        if (event.type !== 'call.updated') continue;
        queryClient.setQueryData(callKeys.call(event.data.id), event.data);
        // A call placed or connected is a lead's first attempt or conversation.
        void queryClient.invalidateQueries({ queryKey: leadKeys.speedToLead() });
        if (!event.data.leadId) continue;
        void queryClient.invalidateQueries({ queryKey: leadKeys.detail(event.data.leadId) });
        // A call's progress is on the lead's timeline too.
        void queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(event.data.leadId) });
      }
      if (leadEvents.length > 0) {
        void refreshLeadSummaries(queryClient);
        const changed = leadEvents.filter((event) => event.type !== 'lead.removed').map(leadIdOf);
        if (changed.length > 0) notify.current([...new Set(changed)]);
      }
    };

    const unsubscribe = subscribeToLiveEvents({
      types: EVENT_TYPES,
      onEvent: (event) => {
        pending.push(event);
        flushTimer ??= setTimeout(flush, BATCH_MS);
      },
      onReconnected: () => {
        // Changes made while disconnected were never announced: read everything shown again.
        void queryClient.invalidateQueries({ queryKey: leadKeys.all });
        void queryClient.invalidateQueries({ queryKey: stageKeys.all });
      },
      // Reading again shows why: a sign-in form after a 401, an error with Retry when the server is down.
      onStopped: () => void queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    });
    return () => {
      unsubscribe();
      clearTimeout(flushTimer);
    };
  }, [queryClient]);
}
