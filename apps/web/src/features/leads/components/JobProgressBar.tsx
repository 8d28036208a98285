import { formatCount } from './bulk/bulkTexts';

/** "2,431 of 10,000": a job's progress as the bar announces it. */
export const jobProgressText = (processed: number, total: number) => `${formatCount(processed)} of ${formatCount(total)}`;

type Named = { 'aria-labelledby': string } | { 'aria-label': string };

/** A background job's progress bar (bulk actions, imports): how much of its total is processed, fed by job.updated events or polling. */
export function JobProgressBar({ processed, total, ...name }: { processed: number; total: number } & Named) {
  return (
    <div className="bulk-job__bar" role="progressbar" {...name} aria-valuemin={0} aria-valuemax={total} aria-valuenow={processed} aria-valuetext={jobProgressText(processed, total)}>
      <div className="bulk-job__fill" style={{ width: `${total > 0 ? (100 * processed) / total : 0}%` }} />
    </div>
  );
}
