import type { LeadStats } from '@lead-desk/contracts';
import { CalendarDays, CheckCircle2, Users, XCircle, type LucideIcon } from 'lucide-react';
import { monthOverMonth } from '../utils/monthOverMonth';
import { Skeleton } from './Skeleton';

const TEXT = {
  total: 'Total Leads',
  qualified: 'Qualified',
  unqualified: 'Unqualified',
  thisMonth: 'This Month',
  loading: 'Loading',
};

interface StatCard {
  label: string;
  icon: LucideIcon;
  value: (stats: LeadStats) => number;
  note?: (stats: LeadStats) => string;
}

const CARDS: StatCard[] = [
  { label: TEXT.total, icon: Users, value: (stats) => stats.total },
  { label: TEXT.qualified, icon: CheckCircle2, value: (stats) => stats.qualified },
  {
    label: TEXT.unqualified,
    icon: XCircle,
    value: (stats) => stats.unqualified,
    note: (stats) => monthOverMonth(stats.unqualifiedThisMonth, stats.unqualifiedLastMonth),
  },
  { label: TEXT.thisMonth, icon: CalendarDays, value: (stats) => stats.thisMonth },
];

const numbers = new Intl.NumberFormat('en-IN');

/** Total, qualified, unqualified (with its month-over-month change) and this month's leads. */
export function LeadStatCards({ stats }: { stats: LeadStats | undefined }) {
  return (
    <dl className="lead-stats" aria-busy={!stats}>
      {CARDS.map(({ label, icon: Icon, value, note }) => (
        <div key={label} className="lead-stat">
          <dt className="lead-stat__label">
            <Icon aria-hidden size={16} />
            {label}
          </dt>
          <dd className="lead-stat__value">{stats ? numbers.format(value(stats)) : <Skeleton label={TEXT.loading} />}</dd>
          {note && stats && <dd className="lead-stat__note">{note(stats)}</dd>}
        </div>
      ))}
    </dl>
  );
}
