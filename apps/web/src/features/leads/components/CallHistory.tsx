import type { CallRecord } from '@lead-desk/contracts';
import { recordingUrl } from '../api/callsApi';
import { formatDateTime, formatDuration } from '../utils/formatDateTime';

const TEXT = {
  none: 'No calls yet.',
  types: { outboundPhoneCall: 'Outbound call', inboundPhoneCall: 'Inbound call', webCall: 'Web call' } as Record<string, string>,
  call: 'Call',
  status: 'Status',
  duration: 'Duration',
  endedReason: 'Ended reason',
  number: 'Number',
  successEvaluation: 'Success evaluation',
  summary: 'Summary',
  structuredOutputs: 'Structured outputs',
  yes: 'Yes',
  no: 'No',
  notGiven: 'Not given',
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

export function CallEntry({ call }: { call: CallRecord }) {
  const facts: [string, string | null][] = [
    [TEXT.status, call.status],
    [TEXT.duration, call.durationSeconds === null ? null : formatDuration(call.durationSeconds)],
    [TEXT.endedReason, call.endedReason],
    [TEXT.number, call.customerNumber],
    [TEXT.successEvaluation, call.successEvaluation],
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
      {call.structuredOutputs && Object.keys(call.structuredOutputs).length > 0 && (
        <section>
          <h5>{TEXT.structuredOutputs}</h5>
          <OutputValues values={call.structuredOutputs} />
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
          {/* Through the API: Vapi's storage is private, and the browser never sees its key or signed URL. */}
          <audio controls preload="none" src={recordingUrl(call.id)} aria-label={TEXT.recording}>
            {TEXT.noAudio}
          </audio>
        </section>
      )}
    </article>
  );
}

/** Name → value, one level deep; deeper values as JSON. */
function OutputValues({ values }: { values: Record<string, unknown> }) {
  return (
    <dl className="call-entry__outputs">
      {Object.entries(values).map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{isPlainObject(value) ? <OutputValues values={value} /> : outputText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function outputText(value: unknown): string {
  if (value === null || value === undefined || value === '') return TEXT.notGiven;
  if (typeof value === 'boolean') return value ? TEXT.yes : TEXT.no;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
