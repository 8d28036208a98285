import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { Modal } from '../../../components/Modal';
import { useWebhookInbox } from '../hooks/useWebhookInbox';
import type { InboxStatus, ReplayResult, WebhookEvent } from '@lead-desk/contracts';

const TEXT = {
  title: 'Webhook inbox',
  description: 'Messages from the voice platform that could not be applied. Replay one once its cause is fixed.',
  tabs: { failed: 'Failed', unattributable: 'Not attributable' } satisfies Record<InboxStatus, string>,
  filter: 'Show',
  loading: 'Loading events…',
  failed: 'Could not load the webhook inbox',
  empty: { failed: 'No failed deliveries.', unattributable: 'No messages without a call.' } satisfies Record<InboxStatus, string>,
  received: 'Received',
  call: 'Call',
  noCall: 'none',
  attempts: 'Attempts',
  error: 'Error',
  payload: 'Message',
  replay: (type: string) => `Replay ${type}`,
  replaying: 'Replaying…',
  more: 'Load more',
  outcomes: {
    processed: 'Replayed: the message was applied.',
    failed: 'Replayed, but it failed again.',
    unattributable: 'Replayed: the message still names no call, so there is nothing to apply it to.',
  } satisfies Record<ReplayResult['outcome'], string>,
  replayFailed: 'Could not replay the event:',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });

/** The stored deliveries with a problem, by kind, newest first, each with its message and a Replay button. */
export function WebhookInboxDialog({ onClose }: { onClose: () => void }) {
  const [status, setStatus] = useState<InboxStatus>('failed');
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="inbox">
        <div className="inbox__filters" role="group" aria-label={TEXT.filter}>
          {(Object.keys(TEXT.tabs) as InboxStatus[]).map((tab) => (
            <button key={tab} type="button" className={`button ${tab === status ? 'button--primary' : 'button--secondary'}`} aria-pressed={tab === status} onClick={() => setStatus(tab)}>
              {TEXT.tabs[tab]}
            </button>
          ))}
        </div>
        <InboxEvents key={status} status={status} />
      </div>
    </Modal>
  );
}

function InboxEvents({ status }: { status: InboxStatus }) {
  const { events, replay } = useWebhookInbox(status);
  const [outcome, setOutcome] = useState<ReplayResult['outcome'] | null>(null);
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  const replayEvent = (event: WebhookEvent) => {
    if (replay.isPending) return;
    setOutcome(null);
    replay.mutate(event.id, { onSuccess: (result) => setOutcome(result.outcome) });
  };
  return (
    <>
      <p role="status" className="inbox__outcome">
        {outcome && TEXT.outcomes[outcome]}
      </p>
      {replay.error && (
        <p className="form-error" role="alert">
          {TEXT.replayFailed} {replay.error.message}
        </p>
      )}
      {events.isPending && <p>{TEXT.loading}</p>}
      {events.error && <ErrorNotice title={TEXT.failed} error={events.error} onRetry={() => void events.refetch()} />}
      {events.isSuccess && list.length === 0 && <p className="inbox__empty">{TEXT.empty[status]}</p>}
      <ol className="inbox__events">
        {list.map((event) => (
          <li key={event.id}>
            <article className="inbox-event" aria-label={`${event.type} ${dateTime.format(new Date(event.receivedAt))}`}>
              <h4 className="inbox-event__title">{event.type}</h4>
              <dl className="inbox-event__facts">
                <div>
                  <dt>{TEXT.received}</dt>
                  <dd>
                    <time dateTime={event.receivedAt}>{dateTime.format(new Date(event.receivedAt))}</time>
                  </dd>
                </div>
                <div>
                  <dt>{TEXT.call}</dt>
                  <dd>{event.vapiCallId ?? TEXT.noCall}</dd>
                </div>
                <div>
                  <dt>{TEXT.attempts}</dt>
                  <dd>{event.attempts}</dd>
                </div>
                {event.error && (
                  <div>
                    <dt>{TEXT.error}</dt>
                    <dd>{event.error}</dd>
                  </div>
                )}
              </dl>
              <details>
                <summary>{TEXT.payload}</summary>
                <pre className="inbox-event__payload">{JSON.stringify(event.payload, null, 2)}</pre>
              </details>
              <button
                type="button"
                className="button button--secondary"
                aria-label={TEXT.replay(event.type)}
                aria-disabled={replay.isPending || undefined}
                onClick={() => replayEvent(event)}
              >
                <RotateCcw aria-hidden size={16} />
                {replay.isPending && replay.variables === event.id ? TEXT.replaying : TEXT.replay(event.type)}
              </button>
            </article>
          </li>
        ))}
      </ol>
      <LoadMoreButton pages={events} label={TEXT.more} />
    </>
  );
}
