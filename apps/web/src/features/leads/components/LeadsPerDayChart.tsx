import type { DailyLeadCount } from '@lead-desk/contracts';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { CHART_DAYS, useDailyLeadCounts } from '../hooks/useDailyLeadCounts';
import './LeadsPerDayChart.css';

const TEXT = {
  title: 'Leads per day',
  subtitle: `Last ${CHART_DAYS} days`,
  qualified: 'Qualified',
  unqualified: 'Unqualified',
  loading: 'Loading the chart…',
  failed: 'Could not load leads per day',
  summary: (qualified: number, unqualified: number) =>
    `${qualified} qualified and ${unqualified} unqualified leads in the last ${CHART_DAYS} days.`,
  showTable: 'Show as table',
  date: 'Date',
  day: (day: DailyLeadCount) => `${shortDate(day.date)}: ${day.qualified} qualified, ${day.unqualified} unqualified`,
};

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;
const BAR_GAP = 4;
/** Where along its bar a date label is anchored. */
const ANCHOR_OFFSET = { start: 0, middle: 0.5, end: 1 };

function shortDate(date: string): string {
  // Noon UTC of that date: the same calendar day in every zone the browser may be in.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Qualified vs unqualified leads per day as stacked bars, hand-drawn in SVG (no chart library to download). */
export default function LeadsPerDayChart() {
  const titleId = useId();
  const summaryId = useId();
  const { data, error, refetch, isPending } = useDailyLeadCounts();

  return (
    <figure className="leads-chart" aria-labelledby={titleId}>
      <figcaption className="leads-chart__caption">
        <h4 id={titleId}>{TEXT.title}</h4>
        <span className="leads-chart__subtitle">{TEXT.subtitle}</span>
        <span className="leads-chart__legend" aria-hidden>
          <span className="leads-chart__key leads-chart__key--qualified" />
          {TEXT.qualified}
          <span className="leads-chart__key leads-chart__key--unqualified" />
          {TEXT.unqualified}
        </span>
      </figcaption>
      {isPending && <p className="leads-chart__placeholder">{TEXT.loading}</p>}
      {error && <ErrorNotice title={TEXT.failed} error={error} onRetry={() => void refetch()} />}
      {data && <Bars days={data} titleId={titleId} summaryId={summaryId} />}
    </figure>
  );
}

function Bars({ days, titleId, summaryId }: { days: DailyLeadCount[]; titleId: string; summaryId: string }) {
  const highest = Math.max(1, ...days.map((day) => day.qualified + day.unqualified));
  const slot = (WIDTH - AXIS) / days.length;
  const plotHeight = HEIGHT - AXIS;
  const scale = (count: number) => (count / highest) * (plotHeight - 8);
  const totals = days.reduce((sum, day) => ({ qualified: sum.qualified + day.qualified, unqualified: sum.unqualified + day.unqualified }), { qualified: 0, unqualified: 0 });
  // First, middle and last day, anchored so the outer labels stay inside the chart.
  const labels = new Map<number, keyof typeof ANCHOR_OFFSET>([
    [0, 'start'],
    [Math.floor(days.length / 2), 'middle'],
    [days.length - 1, 'end'],
  ]);

  return (
    <>
      <svg className="leads-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
        <line className="leads-chart__axis" x1={AXIS} y1={plotHeight} x2={WIDTH} y2={plotHeight} />
        <text className="leads-chart__tick" x={AXIS - 4} y={12} textAnchor="end">
          {highest}
        </text>
        <text className="leads-chart__tick" x={AXIS - 4} y={plotHeight} textAnchor="end">
          0
        </text>
        {days.map((day, index) => {
          const x = AXIS + index * slot + BAR_GAP / 2;
          const width = slot - BAR_GAP;
          const qualifiedHeight = scale(day.qualified);
          const unqualifiedHeight = scale(day.unqualified);
          const anchor = labels.get(index);
          return (
            <g key={day.date}>
              <title>{TEXT.day(day)}</title>
              <rect className="leads-chart__bar leads-chart__bar--qualified" x={x} y={plotHeight - qualifiedHeight} width={width} height={qualifiedHeight} />
              <rect
                className="leads-chart__bar leads-chart__bar--unqualified"
                x={x}
                y={plotHeight - qualifiedHeight - unqualifiedHeight}
                width={width}
                height={unqualifiedHeight}
              />
              {anchor && (
                <text className="leads-chart__tick" x={x + width * ANCHOR_OFFSET[anchor]} y={HEIGHT - 4} textAnchor={anchor}>
                  {shortDate(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p id={summaryId} className="leads-chart__summary">
        {TEXT.summary(totals.qualified, totals.unqualified)}
      </p>
      <details className="leads-chart__table">
        <summary>{TEXT.showTable}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{TEXT.date}</th>
              <th scope="col">{TEXT.qualified}</th>
              <th scope="col">{TEXT.unqualified}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDate(day.date)}</th>
                <td>{day.qualified}</td>
                <td>{day.unqualified}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
