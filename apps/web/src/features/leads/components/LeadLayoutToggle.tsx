import { Columns3, List } from 'lucide-react';
import type { LeadLayout } from '../types';

const TEXT = { label: 'Show leads as', list: 'List', board: 'Board' };

/** Switches between the seed's list and the pipeline board (the URL's `layout`). */
export function LeadLayoutToggle({ layout, onChange }: { layout: LeadLayout; onChange: (layout: LeadLayout) => void }) {
  return (
    <div className="lead-layout-toggle" role="group" aria-label={TEXT.label}>
      <button type="button" className="lead-filters__button" aria-pressed={layout === 'list'} onClick={() => onChange('list')}>
        <List aria-hidden size={16} />
        {TEXT.list}
      </button>
      <button type="button" className="lead-filters__button" aria-pressed={layout === 'board'} onClick={() => onChange('board')}>
        <Columns3 aria-hidden size={16} />
        {TEXT.board}
      </button>
    </div>
  );
}
