import { useId, type ReactNode } from 'react';
import { PanelTitle } from '../../../components/PanelTitle';
import { StatTiles } from '../../../components/StatTiles';
import { DASHBOARD_FIGURES } from '../data/dashboardFigures';
import '../leads.css';

const TEXT = {
  title: 'Real eState Admin Dashboard',
  subtitle: 'Real-time lead management and analytics',
};

interface LeadDashboardPanelProps {
  /** Who is signed in, or the demo-mode banner. */
  session?: ReactNode;
  /** The lead management, or the sign-in form that leads to it. */
  children: ReactNode;
}

/** The right half of the page: the staff's dashboard. */
export function LeadDashboardPanel({ session, children }: LeadDashboardPanelProps) {
  const titleId = useId();
  return (
    <section className="panel admin-dashboard" aria-labelledby={titleId}>
      <div className="admin-dashboard__header">
        <PanelTitle id={titleId} title={TEXT.title} subtitle={TEXT.subtitle} />
        {session}
      </div>
      <StatTiles stats={DASHBOARD_FIGURES} />
      {children}
    </section>
  );
}
