import type { LeadStatus } from '@lead-desk/contracts';
import type { LeadCounts } from '../types';

const TEXT = {
  label: 'Filter leads',
  all: 'All Leads',
  qualified: 'Qualified',
  unqualified: 'Unqualified',
};

const FILTERS: LeadStatus[] = ['all', 'qualified', 'unqualified'];

interface LeadFilterButtonsProps {
  status: LeadStatus;
  counts: LeadCounts | undefined;
  onChange: (status: LeadStatus) => void;
}

/** "All Leads (n)", "Qualified (n)", "Unqualified (n)": the pressed one is the list's filter. */
export function LeadFilterButtons({ status, counts, onChange }: LeadFilterButtonsProps) {
  return (
    <div className="lead-filters" role="group" aria-label={TEXT.label}>
      {FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="lead-filters__button"
          aria-pressed={status === filter}
          onClick={() => onChange(filter)}
        >
          {TEXT[filter]}
          {counts && ` (${counts[filter]})`}
        </button>
      ))}
    </div>
  );
}
