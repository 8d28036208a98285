import { Upload } from 'lucide-react';
import { Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useLeadImport } from '../hooks/useLeadImport';
import { ImportCsvDialog } from './lazyDialogs';

const TEXT = { button: 'Import CSV' };

/** CSV files and Excel workbooks (the API tells them apart by content). */
const ACCEPTED_FILES = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "Import CSV": picks a file, previews how it will be read, uploads it, follows its import job's progress, then shows what was created, updated and rejected. */
export function LeadCsvImport() {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; key: number } | null>(null);
  const choices = useRef(0);
  const importer = useLeadImport();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) imports again.
    event.target.value = '';
    if (!file) return;
    choices.current += 1;
    setChosen({ file, key: choices.current });
    importer.reset();
  };

  const close = () => {
    // The dialog stays while the upload runs; once the job has started it runs on without the dialog.
    if (importer.isUploading) return;
    setChosen(null);
    importer.reset();
  };

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
        <Upload aria-hidden size={18} />
        {TEXT.button}
      </button>
      <input ref={input} type="file" accept={ACCEPTED_FILES} hidden onChange={onFileChosen} />
      {chosen !== null && (
        <Suspense fallback={null}>
          <ImportCsvDialog
            fileName={chosen.file.name}
            preview={{ file: chosen.file, fileKey: chosen.key, onImport: (choices) => importer.start({ file: chosen.file, choices }) }}
            progress={importer.progress}
            summary={importer.summary}
            error={importer.error}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
