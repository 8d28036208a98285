import { useId } from 'react';

const TEXT = {
  title: 'Real eState Admin Dashboard',
  subtitle: 'Real-time lead management and analytics',
};

/** The right half of the page; the lead dashboard replaces this. */
export function AdminDashboardPlaceholder() {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {TEXT.title}
      </h2>
      <p className="panel__subtitle">{TEXT.subtitle}</p>
    </section>
  );
}
