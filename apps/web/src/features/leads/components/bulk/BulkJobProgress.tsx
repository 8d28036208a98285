import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useId } from 'react';
import { isJobFinished } from '../../api/bulkJobsApi';
import { leadKeys } from '../../api/leadQueryKeys';
import { tagsKey } from '../../api/tagsApi';
import { useBulkJob } from '../../hooks/useBulkJob';
import type { StartedBulkJob } from './BulkBar';
import { JobProgressBar, jobProgressText } from '../JobProgressBar';
import { jobSummary } from './bulkTexts';

const TEXT = {
  label: 'Bulk action',
  progress: jobProgressText,
  queued: 'Waiting to start…',
  failed: 'The job stopped:',
  readFailed: 'The job’s progress could not be read:',
  errors: 'Not changed',
  download: 'Download leads.csv',
  close: 'Close',
};

/** A started bulk job: its progress bar while it runs, then what it changed, what it skipped and why. */
export function BulkJobProgress({ started, onClose }: { started: StartedBulkJob; onClose: () => void }) {
  const labelId = useId();
  const queryClient = useQueryClient();
  const query = useBulkJob(started.id);
  const job = query.data;
  const finished = isJobFinished(job);
  const total = job?.total ?? started.total;
  const processed = job?.processed ?? 0;

  // The last batch's event may have been missed (polling found the end): show the leads as they are now.
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    void queryClient.invalidateQueries({ queryKey: tagsKey });
  }, [finished, queryClient]);

  return (
    <section className="bulk-job" aria-labelledby={labelId}>
      <h4 id={labelId} className="bulk-job__title">
        {started.description}
      </h4>
      {!finished && (
        <>
          <JobProgressBar aria-labelledby={labelId} processed={processed} total={total} />
          <p className="bulk-job__figures">{job?.status === 'queued' || !job ? TEXT.queued : TEXT.progress(processed, total)}</p>
        </>
      )}
      {/* Always in the page, so its summary is announced when the job ends. */}
      <div className="bulk-job__summary" role="status">
        {job && finished && (
          <>
          <p>{jobSummary(job)}</p>
          {job.status === 'failed' && (
            <p className="form-error">
              {TEXT.failed} {job.error}
            </p>
          )}
          {job.download && (
            <a className="button button--secondary" href={job.download} download>
              <Download aria-hidden size={16} /> {TEXT.download}
            </a>
          )}
          </>
        )}
      </div>
      {job && job.errors.length > 0 && (
        <details className="bulk-job__errors" open={finished}>
          <summary>{TEXT.errors}</summary>
          <ul>
            {job.errors.map((error, index) => (
              <li key={index}>{error.message}</li>
            ))}
          </ul>
        </details>
      )}
      {query.error && (
        <p className="form-error" role="alert">
          {TEXT.readFailed} {query.error.message}
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {TEXT.close}
      </button>
    </section>
  );
}
