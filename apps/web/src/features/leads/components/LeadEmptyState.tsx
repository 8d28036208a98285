import { SearchX, UserPlus } from 'lucide-react';

const TEXT = {
  title: 'No leads found',
  noMatch: (term: string) => `No leads match "${term}"`,
  noneInFilter: 'No leads match the current filter',
  addFirst: 'Add Your First Lead',
};

export function LeadEmptyState({ query, onAddLead }: { query: string; onAddLead: () => void }) {
  return (
    <div className="lead-empty">
      <SearchX aria-hidden size={36} />
      <h5>{TEXT.title}</h5>
      <p>{query ? TEXT.noMatch(query) : TEXT.noneInFilter}</p>
      <button type="button" className="button button--primary" onClick={onAddLead}>
        <UserPlus aria-hidden size={18} />
        {TEXT.addFirst}
      </button>
    </div>
  );
}
