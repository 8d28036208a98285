import { presetPeriod, type PeriodPreset, type ResponseTimeFigures, type SpeedFigures, type SpeedToLeadReport } from '@lead-desk/contracts';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Modal } from '../../../components/Modal';
import { StatTiles } from '../../../components/StatTiles';
import type { ReportPeriod } from '../api/speedToLeadApi';
import { useSpeedToLead } from '../hooks/useSpeedToLead';
import { formatWait } from '../reportPeriod';

const TEXT = {
  title: 'Speed to lead',
  description: 'How fast new leads were answered: from arrival to the first call placed, the first conversation and the owner’s first action.',
  period: 'Period',
  presets: { today: 'Today', last7: 'Last 7 days', last30: 'Last 30 days' } satisfies Record<PeriodPreset, string>,
  from: 'From',
  to: 'To',
  loading: 'Loading the report…',
  // A period never asked for before is aggregated on its first request (seconds for a long one at a million leads).
  aggregating: 'Aggregating the period chosen… The figures below are still those of the period before.',
  failed: 'Could not load the speed-to-lead report',
  leads: 'New leads',
  within1: 'Called within 1 min',
  within5: 'Called within 5 min',
  waitingCount: 'Waiting for a first call',
  bySource: 'By source',
  byAgent: 'By agent',
  unassigned: 'Unassigned',
  columns: ['Leads', 'First call: median', 'First call: 90th', 'Conversation: median', 'Owner action: median', 'Within 5 min'],
  waiting: 'Still waiting for a first call, oldest first',
  noneWaiting: 'Every lead of the period has had a first call.',
  noLeads: 'No leads arrived in this period.',
  none: '—',
  arrived: 'Arrived',
  source: 'Source',
  owner: 'Owner',
  name: 'Lead',
  more: (shown: number, total: number) => `Showing the oldest ${shown} of ${total}.`,
  // The API answers a kept report while it aggregates the next one: say how recent the figures are.
  asOf: (time: string) => `Figures as of ${time}`,
};

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const share = (value: number | null) => (value === null ? TEXT.none : percent.format(value));
const wait = (figures: ResponseTimeFigures, which: 'medianSeconds' | 'p90Seconds') => (figures[which] === null ? TEXT.none : formatWait(figures[which]));

/** The speed-to-lead report for a chosen period: headline figures, per source and per agent, and the leads still waiting. */
export function SpeedToLeadDialog({ onClose, timeZone, now = new Date() }: { onClose: () => void; timeZone: string; now?: Date }) {
  const [preset, setPreset] = useState<PeriodPreset | null>('last7');
  const [period, setPeriod] = useState<ReportPeriod>(() => presetPeriod('last7', now, timeZone));
  const report = useSpeedToLead(period);
  const choosePreset = (chosen: PeriodPreset) => {
    setPreset(chosen);
    setPeriod(presetPeriod(chosen, now, timeZone));
  };
  const chooseDay = (field: 'from' | 'to', value: string) => {
    if (!value) return;
    setPreset(null);
    setPeriod((known) => ({ ...known, [field]: value }));
  };
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="speed-to-lead">
        <fieldset className="speed-to-lead__period">
          <legend>{TEXT.period}</legend>
          {(Object.keys(TEXT.presets) as PeriodPreset[]).map((choice) => (
            <button key={choice} type="button" className={`button ${choice === preset ? 'button--primary' : 'button--secondary'}`} aria-pressed={choice === preset} onClick={() => choosePreset(choice)}>
              {TEXT.presets[choice]}
            </button>
          ))}
          <label>
            {TEXT.from} <input type="date" value={period.from} max={period.to} onChange={(event) => chooseDay('from', event.target.value)} />
          </label>
          <label>
            {TEXT.to} <input type="date" value={period.to} min={period.from} onChange={(event) => chooseDay('to', event.target.value)} />
          </label>
        </fieldset>
        {report.isPending && <p role="status">{TEXT.loading}</p>}
        {report.error && <ErrorNotice title={TEXT.failed} error={report.error} onRetry={() => void report.refetch()} />}
        {report.isPlaceholderData && <p role="status">{TEXT.aggregating}</p>}
        {report.data && (
          <div className={report.isPlaceholderData ? 'speed-to-lead__figures speed-to-lead__figures--previous' : 'speed-to-lead__figures'} aria-busy={report.isPlaceholderData}>
            <ReportFigures report={report.data} />
          </div>
        )}
      </div>
    </Modal>
  );
}

function ReportFigures({ report }: { report: SpeedToLeadReport }) {
  const { overall, waiting } = report;
  return (
    <>
      <p className="speed-to-lead__as-of">{TEXT.asOf(dateTime.format(new Date(report.computedAt)))}</p>
      <StatTiles
        stats={[
          { label: TEXT.leads, value: String(overall.leads) },
          { label: TEXT.within1, value: share(overall.attemptedWithin1Minute) },
          { label: TEXT.within5, value: share(overall.attemptedWithin5Minutes) },
          { label: TEXT.waitingCount, value: String(waiting.total) },
        ]}
      />
      {overall.leads === 0 ? (
        <p>{TEXT.noLeads}</p>
      ) : (
        <>
          <FiguresTable caption={TEXT.bySource} rows={[...report.bySource.map((row) => ({ key: row.source, label: row.source, figures: row }))]} />
          <FiguresTable caption={TEXT.byAgent} rows={report.byAgent.map((row) => ({ key: row.agent?.id ?? '', label: row.agent?.name ?? TEXT.unassigned, figures: row }))} />
        </>
      )}
      <section aria-label={TEXT.waiting}>
        <h4>{TEXT.waiting}</h4>
        {waiting.total === 0 ? (
          <p>{TEXT.noneWaiting}</p>
        ) : (
          <>
            <table className="speed-to-lead__table">
              <thead>
                <tr>
                  <th scope="col">{TEXT.name}</th>
                  <th scope="col">{TEXT.source}</th>
                  <th scope="col">{TEXT.owner}</th>
                  <th scope="col">{TEXT.arrived}</th>
                </tr>
              </thead>
              <tbody>
                {waiting.leads.map((lead) => (
                  <tr key={lead.id}>
                    <th scope="row">{lead.name}</th>
                    <td>{lead.source}</td>
                    <td>{lead.owner?.name ?? TEXT.unassigned}</td>
                    <td>{dateTime.format(new Date(lead.arrivedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {waiting.total > waiting.leads.length && <p>{TEXT.more(waiting.leads.length, waiting.total)}</p>}
          </>
        )}
      </section>
    </>
  );
}

function FiguresTable({ caption, rows }: { caption: string; rows: { key: string; label: string; figures: SpeedFigures }[] }) {
  return (
    <table className="speed-to-lead__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          {TEXT.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label, figures }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>{figures.leads}</td>
            <td>{wait(figures.firstAttempt, 'medianSeconds')}</td>
            <td>{wait(figures.firstAttempt, 'p90Seconds')}</td>
            <td>{wait(figures.firstConversation, 'medianSeconds')}</td>
            <td>{wait(figures.firstOwnerAction, 'medianSeconds')}</td>
            <td>{share(figures.attemptedWithin5Minutes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
