import type { Lead, LeadStatus } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useLeadList } from '../hooks/useLeadList';
import type { LeadView } from '../types';
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
}

/** The results heading, how many match, and the leads themselves (or why there are none). */
export function LeadResults({ view, highlighted, onAddLead, onCall, onViewDetails }: LeadResultsProps) {
  const headingId = useId();
  const list = useLeadList(view);
  const { leads, total } = list;
  // While a new view loads, the previous one's results stay, dimmed; its counts are not shown as the new one's.
  const settled = list.isSuccess && !list.isPlaceholderData;

  return (
    <section className="lead-results" aria-labelledby={headingId} aria-busy={list.isFetching && !list.isFetchingNextPage}>
      <div className="lead-results__header">
        <h4 id={headingId}>{TEXT.headings[view.status]}</h4>
        <p className="lead-results__count" role="status">
          {settled ? TEXT.showing(total, view.q) : TEXT.loading}
        </p>
      </div>
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
          />
          {list.isFetchNextPageError && <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.fetchNextPage()} />}
        </div>
      )}
    </section>
  );
}
