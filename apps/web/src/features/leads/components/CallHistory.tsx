import type { CallRecord } from '../types';
import { formatDateTime, formatDuration } from '../utils/formatDateTime';

const TEXT = {
  none: 'No calls yet.',
  types: { outboundPhoneCall: 'Outbound call', inboundPhoneCall: 'Inbound call', webCall: 'Web call' } as Record<string, string>,
  call: 'Call',
  status: 'Status',
  duration: 'Duration',
  endedReason: 'Ended reason',
  number: 'Number',
  summary: 'Summary',
  transcript: 'Transcript',
  recording: 'Recording',
  noAudio: 'Your browser cannot play this recording.',
};

/** A lead's calls, newest first: what was said, how it ended, and the recording. */
export function CallHistory({ calls }: { calls: CallRecord[] }) {
  if (calls.length === 0) return <p className="call-history__none">{TEXT.none}</p>;
  return (
    <ol className="call-history">
      {calls.map((call) => (
        <li key={call.id}>
          <CallEntry call={call} />
        </li>
      ))}
    </ol>
  );
}

function CallEntry({ call }: { call: CallRecord }) {
  const facts: [string, string | null][] = [
    [TEXT.status, call.status],
    [TEXT.duration, call.durationSeconds === null ? null : formatDuration(call.durationSeconds)],
    [TEXT.endedReason, call.endedReason],
    [TEXT.number, call.customerNumber],
  ];
  return (
    <article className="call-entry">
      <h4 className="call-entry__title">
        {(call.type && TEXT.types[call.type]) ?? TEXT.call} · <time dateTime={call.startedAt ?? call.createdAt}>{formatDateTime(call.startedAt ?? call.createdAt)}</time>
      </h4>
      <dl className="call-entry__facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {call.summary && (
        <section>
          <h5>{TEXT.summary}</h5>
          <p>{call.summary}</p>
        </section>
      )}
      {call.transcript && (
        <section>
          <h5>{TEXT.transcript}</h5>
          <p className="call-entry__transcript">{call.transcript}</p>
        </section>
      )}
      {call.recordingUrl && (
        <section>
          <h5>{TEXT.recording}</h5>
          <audio controls preload="none" src={call.recordingUrl} aria-label={TEXT.recording}>
            {TEXT.noAudio}
          </audio>
        </section>
      )}
    </article>
  );
}
