import type { Lead, LeadStatus } from '@lead-desk/contracts';
import { useCallback, useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useBulkSelection } from '../hooks/useBulkSelection';
import { useLeadList } from '../hooks/useLeadList';
import type { LeadView } from '../types';
import { BulkBar, type StartedBulkJob } from './bulk/BulkBar';
import { LeadEmptyState } from './LeadEmptyState';
import { LeadList } from './LeadList';

const TEXT = {
  headings: { all: 'All Leads', qualified: 'Qualified Leads', unqualified: 'Unqualified Leads' } satisfies Record<LeadStatus, string>,
  // Verbatim from the product spec, also for one result.
  showing: (count: number, query: string) => `Showing ${count} results${query ? ` for "${query}"` : ''}`,
  loading: 'Loading leads…',
  failed: 'Could not load leads',
};

const SKELETON_CARDS = 3;

interface LeadResultsProps {
  view: LeadView;
  highlighted: ReadonlySet<string>;
  onAddLead: () => void;
  onCall: (lead: Lead) => void;
  onViewDetails: (lead: Lead) => void;
  /** Export is among the bulk actions for those who may download leads. */
  canExport: boolean;
  onBulkJobStarted: (job: StartedBulkJob) => void;
}

/** The results heading, how many match, and the leads themselves (or why there are none). */
export function LeadResults({ view, highlighted, onAddLead, onCall, onViewDetails, canExport, onBulkJobStarted }: LeadResultsProps) {
  const headingId = useId();
  const list = useLeadList(view);
  const { leads, total } = list;
  // While a new view loads, the previous one's results stay, dimmed; its counts are not shown as the new one's.
  const settled = list.isSuccess && !list.isPlaceholderData;
  const [selection, dispatch] = useBulkSelection(view);
  const toggleSelected = useCallback((id: string) => dispatch({ type: 'TOGGLE', id }), [dispatch]);

  return (
    <section className="lead-results" aria-labelledby={headingId} aria-busy={list.isFetching && !list.isFetchingNextPage}>
      <div className="lead-results__header">
        <h4 id={headingId}>{TEXT.headings[view.status]}</h4>
        <p className="lead-results__count" role="status">
          {settled ? TEXT.showing(total, view.q) : TEXT.loading}
        </p>
      </div>
      <BulkBar selection={selection} dispatch={dispatch} view={view} matchingTotal={settled ? total : null} canExport={canExport} onStarted={onBulkJobStarted} />
      {list.error && !list.isFetchNextPageError ? (
        <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <ul className="lead-results__skeletons" aria-hidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className="lead-card lead-card--skeleton" />
          ))}
        </ul>
      ) : settled && total === 0 && leads.length === 0 ? (
        <LeadEmptyState query={view.q} onAddLead={onAddLead} />
      ) : (
        <div className="lead-results__list" data-stale={list.isPlaceholderData || undefined}>
          <LeadList
            // A new view starts at its top, not where the previous one was scrolled to.
            key={`${view.status}:${view.q}:${view.stage ?? ''}:${view.owner ?? ''}:${view.tags?.join(',') ?? ''}`}
            leads={leads}
            total={total}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            highlighted={highlighted}
            onCall={onCall}
            onViewDetails={onViewDetails}
            selection={selection}
            onToggleSelected={toggleSelected}
          />
          {list.isFetchNextPageError && <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.fetchNextPage()} />}
        </div>
      )}
    </section>
  );
}
