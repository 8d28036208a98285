import type { CallRefusal } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useCallRefusals } from '../hooks/useCallRefusals';
import { REFUSAL_REASON_TEXT } from './refusalReasonTexts';

const TEXT = {
  title: 'Calls refused',
  loading: 'Loading the refused calls…',
  failed: 'Could not load the refused calls',
  empty: 'No call has been refused.',
  when: 'When',
  who: 'Who',
  lead: 'Lead',
  reason: 'Reason',
  message: 'Message',
  openMode: 'Open mode',
  typedNumber: 'A number typed in',
  more: 'Load more',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Who was refused a call, for which lead, why and when; newest first, a page at a time. */
export function CallRefusalsList() {
  const titleId = useId();
  const refusals = useCallRefusals();
  const list = refusals.data?.pages.flatMap((page) => page.refusals) ?? [];
  return (
    <section className="calling-rules__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="calling-rules__title">
        {TEXT.title}
      </h3>
      {refusals.isPending && <p>{TEXT.loading}</p>}
      {refusals.error && <ErrorNotice title={TEXT.failed} error={refusals.error} onRetry={() => void refusals.refetch()} />}
      {refusals.isSuccess && list.length === 0 && <p>{TEXT.empty}</p>}
      {list.length > 0 && (
        <div className="calling-rules__scroll">
          <table className="calling-rules__table">
            <thead>
              <tr>
                <th scope="col">{TEXT.when}</th>
                <th scope="col">{TEXT.who}</th>
                <th scope="col">{TEXT.lead}</th>
                <th scope="col">{TEXT.reason}</th>
                <th scope="col">{TEXT.message}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((refusal) => (
                <tr key={refusal.id}>
                  <td>
                    <time dateTime={refusal.at}>{dateTime.format(new Date(refusal.at))}</time>
                  </td>
                  <td>{refusal.actor?.name ?? TEXT.openMode}</td>
                  <td>
                    <RefusedLead refusal={refusal} />
                  </td>
                  <td>{REFUSAL_REASON_TEXT[refusal.code]}</td>
                  <td>{refusal.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMoreButton pages={refusals} label={TEXT.more} />
    </section>
  );
}

/** The lead by name, linking to the leads list searched for it (the dashboard has no page per lead); its id beside it. */
function RefusedLead({ refusal }: { refusal: CallRefusal }) {
  if (!refusal.leadId) return <>{TEXT.typedNumber}</>;
  return (
    <>
      {refusal.leadName && (
        <a href={`?q=${encodeURIComponent(refusal.leadName)}`}>
          {refusal.leadName}
        </a>
      )}
      <span className="calling-rules__id">{refusal.leadId}</span>
    </>
  );
}
