import { useId, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';

interface LoadedSectionProps {
  title: string;
  intro: string;
  /** What the section shows, read from the API: while it loads and when it fails the section says so. */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  loading: string;
  failed: string;
  children: ReactNode;
}

/** One of the dialog's sections: its heading and what it is for, above what the API answered. */
export function LoadedSection({ title, intro, query, loading, failed, children }: LoadedSectionProps) {
  const titleId = useId();
  return (
    <section className="whatsapp-admin__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="whatsapp-admin__title">
        {title}
      </h3>
      <p>{intro}</p>
      {query.isPending && <p role="status">{loading}</p>}
      {query.error && <ErrorNotice title={failed} error={query.error} onRetry={() => void query.refetch()} />}
      {children}
    </section>
  );
}
