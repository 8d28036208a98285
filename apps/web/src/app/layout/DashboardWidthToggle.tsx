import { Maximize2 } from 'lucide-react';
import type { DashboardWidth } from './dashboardWidth';

const TEXT = { label: 'Full width' };

/** Lets the staff's dashboard take the whole page (room for the board and the calendar), or share it with the demo again. */
export function DashboardWidthToggle({ width, onToggle }: { width: DashboardWidth; onToggle: () => void }) {
  return (
    <button type="button" className="header-toggle" aria-pressed={width === 'full'} onClick={onToggle}>
      <Maximize2 aria-hidden size={18} />
      {TEXT.label}
    </button>
  );
}
