import type { DndListUploadResult } from '@lead-desk/contracts';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/apiClient';
import type { DndListMode } from '../api/complianceApi';
import { useDndList } from '../hooks/useDndList';

const TEXT = {
  title: 'DND scrub list',
  loading: 'Loading the scrub list…',
  failed: 'Could not load the scrub list',
  count: (count: number) => (count === 1 ? '1 number' : `${count.toLocaleString('en-IN')} numbers`),
  never: 'No list uploaded yet.',
  uploaded: (when: string, by: string | null, mode: DndListMode | null) =>
    `Uploaded ${when}${by ? ` by ${by}` : ''}${mode === 'merge' ? ', merged into the list before' : ''}.`,
  file: 'Scrub list file',
  fileHint: 'A CSV or text file from your telecom provider: one number a line, in the first column; a header line is skipped.',
  needFile: 'Choose a file.',
  mode: 'How to apply it',
  replace: 'Replace: the list becomes this file',
  merge: 'Merge: add this file’s numbers to the list',
  upload: 'Upload list',
  uploading: 'Uploading…',
  done: (result: DndListUploadResult) => `Applied: ${result.added} added, ${result.removed} removed; the list holds ${TEXT.count(result.count)}.`,
};

/** CSV and plain text files, as telecom providers send them. */
const ACCEPTED_FILES = '.csv,.txt,text/csv,text/plain';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The scrub list's size and last upload, and the form that replaces or merges it. */
export function DndListSection() {
  const titleId = useId();
  const { summary, upload } = useDndList();
  const data = summary.data;
  return (
    <section className="calling-rules__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="calling-rules__title">
        {TEXT.title}
      </h3>
      {summary.isPending && <p>{TEXT.loading}</p>}
      {summary.error && <ErrorNotice title={TEXT.failed} error={summary.error} onRetry={() => void summary.refetch()} />}
      {data && (
        <div className="calling-rules__summary">
          <p className="calling-rules__count">{TEXT.count(data.count)}</p>
          <p>{data.uploadedAt ? TEXT.uploaded(dateTime.format(new Date(data.uploadedAt)), data.uploadedBy?.name ?? null, data.mode) : TEXT.never}</p>
        </div>
      )}
      <DndListUploadForm upload={upload} />
    </section>
  );
}

function DndListUploadForm({ upload }: { upload: ReturnType<typeof useDndList>['upload'] }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<DndListMode>('replace');
  const [missingFile, setMissingFile] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    const file = fileInput.current?.files?.[0];
    setMissingFile(!file);
    if (!file) return;
    upload.mutate({ file, mode }, { onSuccess: () => fileInput.current && (fileInput.current.value = '') });
  };

  return (
    <form className="calling-rules__form" onSubmit={onSubmit} noValidate>
      <FormField label={TEXT.file} hint={TEXT.fileHint} error={missingFile ? TEXT.needFile : undefined}>
        {(control) => <input {...control} ref={fileInput} type="file" name="file" accept={ACCEPTED_FILES} onChange={() => setMissingFile(false)} />}
      </FormField>
      <fieldset className="calling-rules__modes">
        <legend className="form-field__label">{TEXT.mode}</legend>
        {(['replace', 'merge'] as const).map((choice) => (
          <label key={choice} className="form-check">
            <input type="radio" name="mode" value={choice} checked={mode === choice} onChange={() => setMode(choice)} />
            {TEXT[choice]}
          </label>
        ))}
      </fieldset>
      <div>
        <SubmitButton icon={Upload} label={TEXT.upload} pendingLabel={TEXT.uploading} pending={upload.isPending} />
      </div>
      {upload.error && <UploadRefusal error={upload.error} />}
      <p role="status">{upload.data && TEXT.done(upload.data)}</p>
    </form>
  );
}

/** The API's 400 says the file was not applied and names the first bad line; every line it found is listed under it. */
function UploadRefusal({ error }: { error: Error }) {
  const lines = error instanceof ApiError ? error.fieldErrors.filter((fieldError) => fieldError.field.startsWith('line ')) : [];
  return (
    <div className="form-error" role="alert">
      <p>{error.message}</p>
      {lines.length > 1 && (
        <ul>
          {lines.map((line) => (
            <li key={line.field}>
              {line.field}: {line.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
