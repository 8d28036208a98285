import type { AccessLogAction, AccessLogEntry } from '@lead-desk/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { Modal } from '../../../components/Modal';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { fetchStaff, staffKey } from '../../auth';
import { accessLogKey, fetchAccessLogPage, firstAccessLogUrl, type AccessLogFilter } from '../api/privacyApi';
import { ACTION_TEXT } from './accessLogTexts';

const TEXT = {
  title: 'Access log',
  description: 'Who exported, opened, played, downloaded or erased personal data, newest first. Kept at least a year.',
  action: 'Action',
  anyAction: 'Any action',
  actor: 'Who',
  anyone: 'Anyone',
  lead: 'Lead id',
  loading: 'Loading the access log…',
  failed: 'Could not load the access log',
  empty: 'Nothing logged for this filter.',
  when: 'When',
  what: 'What',
  about: 'About',
  details: 'Details',
  system: 'Lead Desk',
  unknownStaff: 'a removed account',
  more: 'Load more',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });

/** The access log with its filters (action, who, lead), a page at a time. */
export function AccessLogDialog({ onClose }: { onClose: () => void }) {
  const [action, setAction] = useState<AccessLogAction | ''>('');
  const [actor, setActor] = useState('');
  const [lead, setLead] = useState('');
  const debouncedLead = useDebouncedValue(lead.trim(), 300);
  const filter: AccessLogFilter = { action: action || undefined, actor: actor || undefined, lead: debouncedLead || undefined };
  const staff = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => fetchStaff(signal) });
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="access-log">
        <div className="access-log__filters">
          <label>
            {TEXT.action}
            <select value={action} onChange={(event) => setAction(event.target.value as AccessLogAction | '')}>
              <option value="">{TEXT.anyAction}</option>
              {(Object.keys(ACTION_TEXT) as AccessLogAction[]).map((value) => (
                <option key={value} value={value}>
                  {ACTION_TEXT[value]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {TEXT.actor}
            <select value={actor} onChange={(event) => setActor(event.target.value)}>
              <option value="">{TEXT.anyone}</option>
              {staff.data?.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {TEXT.lead}
            <input value={lead} onChange={(event) => setLead(event.target.value)} spellCheck={false} />
          </label>
        </div>
        <AccessLogEntries filter={filter} />
      </div>
    </Modal>
  );
}

function AccessLogEntries({ filter }: { filter: AccessLogFilter }) {
  const entries = useInfiniteQuery({
    queryKey: [...accessLogKey, filter],
    queryFn: ({ pageParam, signal }) => fetchAccessLogPage(pageParam, signal),
    initialPageParam: firstAccessLogUrl(filter),
    getNextPageParam: (page) => page.next,
  });
  const list = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      {entries.isPending && <p>{TEXT.loading}</p>}
      {entries.error && <ErrorNotice title={TEXT.failed} error={entries.error} onRetry={() => void entries.refetch()} />}
      {entries.isSuccess && list.length === 0 && <p>{TEXT.empty}</p>}
      {list.length > 0 && (
        <table className="access-log__table">
          <thead>
            <tr>
              <th scope="col">{TEXT.when}</th>
              <th scope="col">{TEXT.actor}</th>
              <th scope="col">{TEXT.what}</th>
              <th scope="col">{TEXT.about}</th>
              <th scope="col">{TEXT.details}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
                </td>
                <td>{actorText(entry)}</td>
                <td>{ACTION_TEXT[entry.action]}</td>
                <td className="access-log__ids">{entry.leadId ?? entry.targetIds.join(', ')}</td>
                <td className="access-log__details">{detailsText(entry.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMoreButton pages={entries} label={TEXT.more} />
    </>
  );
}

function actorText(entry: AccessLogEntry): string {
  if (!entry.actor) return TEXT.system;
  return entry.actor.name ?? TEXT.unknownStaff;
}

/** An entry's details in a line: `rows: 12, filter: status=qualified`. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${typeof value === 'object' && value !== null ? Object.entries(value).map(([key, inner]) => `${key}=${String(inner)}`).join(' ') : String(value)}`)
    .join(', ');
}
