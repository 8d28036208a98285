import type { CalendarFeed } from '@lead-desk/contracts';
import { Copy, Link2, Link2Off } from 'lucide-react';
import { useId, useState } from 'react';
import type { useMyProfile } from '../hooks/useMyProfile';

const TEXT = {
  title: 'Calendar feed',
  about: 'A private address of your site visits and other tasks that your calendar app keeps up to date.',
  howTo:
    'To subscribe: in Google Calendar, Other calendars → + → From URL, and paste the address; in Outlook, Add calendar → Subscribe from web. They read it again every few hours. Anyone with the address sees your tasks: keep it to yourself and revoke it if it leaks.',
  none: 'You have no feed address.',
  active: 'You have a feed address. It is shown only when made: make a new one if you need it again (the old one stops working).',
  create: 'Create a feed address',
  replace: 'Make a new address',
  revoke: 'Revoke the address',
  revoked: 'The address is revoked: calendars subscribed to it get nothing more.',
  shownOnce: 'Copy this address now: it is not shown again.',
  copy: 'Copy',
  copied: 'Copied',
  address: 'Feed address',
  failed: 'The feed could not be changed:',
};

/** Makes the member's secret iCalendar address (shown once, with a copy button), replaces or revokes it, and says how to subscribe. */
export function CalendarFeedSection({ hasFeed, feed }: { hasFeed: boolean; feed: Pick<ReturnType<typeof useMyProfile>, 'createFeed' | 'revokeFeed'> }) {
  const headingId = useId();
  const addressId = useId();
  const [created, setCreated] = useState<CalendarFeed | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const { createFeed, revokeFeed } = feed;
  const error = createFeed.error ?? revokeFeed.error;
  const create = () => {
    setCopied(false);
    setRevoked(false);
    createFeed.mutate(undefined, { onSuccess: setCreated });
  };
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <section className="calendar-feed" aria-labelledby={headingId}>
      <h3 id={headingId}>{TEXT.title}</h3>
      <p>{TEXT.about}</p>
      <p className="calendar-feed__how-to">{TEXT.howTo}</p>
      {created ? (
        <div className="calendar-feed__created">
          <p role="status">{TEXT.shownOnce}</p>
          <label htmlFor={addressId} className="form-field__label">
            {TEXT.address}
          </label>
          <input id={addressId} readOnly value={created.url} onFocus={(event) => event.target.select()} />
          <button type="button" className="button button--secondary" onClick={() => void copy(created.url)}>
            <Copy aria-hidden size={16} />
            {copied ? TEXT.copied : TEXT.copy}
          </button>
        </div>
      ) : (
        <p>{revoked ? TEXT.revoked : hasFeed ? TEXT.active : TEXT.none}</p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {TEXT.failed} {error.message}
        </p>
      )}
      <div className="calendar-feed__actions">
        <button type="button" className="button button--secondary" aria-disabled={createFeed.isPending || undefined} onClick={() => !createFeed.isPending && create()}>
          <Link2 aria-hidden size={16} />
          {hasFeed || created ? TEXT.replace : TEXT.create}
        </button>
        {(hasFeed || created) && (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={revokeFeed.isPending || undefined}
            onClick={() =>
              !revokeFeed.isPending &&
              revokeFeed.mutate(undefined, {
                onSuccess: () => {
                  setCreated(null);
                  setRevoked(true);
                },
              })
            }
          >
            <Link2Off aria-hidden size={16} />
            {TEXT.revoke}
          </button>
        )}
      </div>
    </section>
  );
}
