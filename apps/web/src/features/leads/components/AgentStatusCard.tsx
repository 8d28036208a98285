import { Bot } from 'lucide-react';
import { useId } from 'react';
import { Skeleton } from './Skeleton';

const TEXT = {
  title: 'AI Agent Status',
  active: 'Active',
  processedToday: 'Processed Today',
  loading: 'Loading',
};

/** The voice agent is live, and how many leads it brought in today. */
export function AgentStatusCard({ processedToday }: { processedToday: number | undefined }) {
  const titleId = useId();
  return (
    <section className="agent-status" aria-labelledby={titleId}>
      <h4 id={titleId} className="agent-status__title">
        <Bot aria-hidden size={18} />
        {TEXT.title}
      </h4>
      <p className="agent-status__state">
        <span className="agent-status__dot" aria-hidden />
        {TEXT.active}
      </p>
      <dl className="agent-status__figures">
        <dt>{TEXT.processedToday}</dt>
        <dd>{processedToday ?? <Skeleton label={TEXT.loading} />}</dd>
      </dl>
    </section>
  );
}
