import type { ImportSummary } from '@lead-desk/contracts';
import { Modal } from '../../../components/Modal';
import type { ImportProgress } from '../api/importLeadsCsv';
import type { ImportChoices } from '../api/previewLeadImport';
import { ImportCounts } from './ImportCounts';
import { JobProgressBar, jobProgressText } from './JobProgressBar';
import { ImportPreviewStep } from './ImportPreviewStep';

const TEXT = {
  title: 'Import CSV',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Processing rows…',
  importing: (figures: string) => `Imported ${figures} rows`,
  progressLabel: 'Import progress',
  failed: 'The import failed:',
  created: 'Created',
  updated: 'Updated',
  possibleDuplicates: 'Possible duplicates',
  skipped: 'Skipped',
  rejected: 'Rejected lines',
  rejectedLine: (line: number, field: string, message: string) => `Line ${line}: ${field} ${message}`,
  close: 'Close',
};

interface ImportCsvDialogProps {
  fileName: string;
  /** The chosen file, previewed until onImport runs the import with the choices made. */
  preview?: { file: File; fileKey: number; onImport: (choices: ImportChoices) => void };
  /** Set while the import runs. */
  progress: ImportProgress | null;
  summary: ImportSummary | undefined;
  error: Error | null;
  onClose: () => void;
}

/** The file's preview until "Import"; then the upload's progress, the import job's, then its summary and rejected lines. */
export function ImportCsvDialog({ fileName, preview, progress, summary, error, onClose }: ImportCsvDialogProps) {
  const started = progress !== null || summary !== undefined || error !== null;
  return (
    <Modal onClose={onClose} title={TEXT.title} description={fileName}>
      {preview && !started && <ImportPreviewStep {...preview} />}
      {progress && <ImportProgressBar progress={progress} />}
      {error && (
        <p className="form-error" role="alert">
          {TEXT.failed} {error.message}
        </p>
      )}
      {summary && <ImportResult summary={summary} />}
      <div className="form-actions">
        <button type="button" className="button button--secondary" aria-disabled={progress?.phase === 'uploading' || undefined} onClick={onClose}>
          {TEXT.close}
        </button>
      </div>
    </Modal>
  );
}

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  if (progress.phase === 'importing') {
    // The job's own bar, as a bulk action's: fed by job.updated events.
    return (
      <div className="import-progress" role="status">
        <p>{TEXT.importing(jobProgressText(progress.processed, progress.total))}</p>
        <JobProgressBar aria-label={TEXT.progressLabel} processed={progress.processed} total={progress.total} />
      </div>
    );
  }
  const uploading = progress.phase === 'uploading';
  return (
    <div className="import-progress" role="status">
      <p>{uploading ? TEXT.uploading(progress.percent) : TEXT.processing}</p>
      {/* Without a value the bar shows work of unknown length: the server is reading the rows. */}
      <progress aria-label={TEXT.progressLabel} max={100} {...(uploading ? { value: progress.percent } : {})} />
    </div>
  );
}

function ImportResult({ summary }: { summary: ImportSummary }) {
  return (
    <div className="import-result" role="status">
      <ImportCounts
        counts={[
          [TEXT.created, summary.created],
          [TEXT.updated, summary.updated],
          [TEXT.possibleDuplicates, summary.possibleDuplicates],
          [TEXT.skipped, summary.skipped],
        ]}
      />
      {summary.errors.length > 0 && (
        <>
          <h3 className="import-result__heading">{TEXT.rejected}</h3>
          <ul className="import-result__errors">
            {summary.errors.map((error, index) => (
              <li key={index}>{TEXT.rejectedLine(error.line, error.field, error.message)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
