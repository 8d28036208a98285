import { Upload } from 'lucide-react';
import { Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useLeadImport } from '../hooks/useLeadImport';
import { ImportCsvDialog } from './lazyDialogs';

const TEXT = { button: 'Import CSV' };

/** "Import CSV": picks a file, uploads it with progress, then shows what was created, updated and rejected. */
export function LeadCsvImport() {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const importer = useLeadImport();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) imports again.
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    importer.mutate(file);
  };

  const close = () => {
    // The dialog stays while the upload runs: closed, it could not show the outcome.
    if (importer.isPending) return;
    setFileName(null);
    importer.reset();
  };

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
        <Upload aria-hidden size={18} />
        {TEXT.button}
      </button>
      <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={onFileChosen} />
      {fileName !== null && (
        <Suspense fallback={null}>
          <ImportCsvDialog
            fileName={fileName}
            progress={importer.isPending ? (importer.progress ?? { phase: 'uploading', percent: 0 }) : null}
            summary={importer.data}
            error={importer.error}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
