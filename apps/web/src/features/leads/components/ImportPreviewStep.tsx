import {
  IGNORE_COLUMN,
  IMPORT_FIELDS,
  IMPORT_MATCH_MODES,
  type DedupeRule,
  type ImportMatchMode,
  type ImportPreview,
  type ImportPreviewCell,
  type ImportPreviewColumn,
  type ImportTarget,
} from '@lead-desk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { previewLeadImport, type ImportChoices } from '../api/previewLeadImport';
import { ImportCounts } from './ImportCounts';
import { ImportFileFacts } from './ImportFileFacts';
import { ImportMatchedRows } from './ImportMatchedRows';
import { NotImportedColumns } from './NotImportedColumns';

const TEXT = {
  loading: 'Reading the file…',
  failed: 'The import failed:',
  columns: 'Columns',
  columnHint: (sample: string, byValues: boolean) => [sample ? `First row: ${sample}` : 'Empty in the first row', byValues && 'suggested from its values'].filter(Boolean).join(' · '),
  dedupe: 'Same person as a stored lead when',
  onMatch: 'When a row is a lead already stored',
  onMatchHint:
    'Overwriting also replaces the lead’s stage, owner and tags, and records again a consent the person withdrew. Either way an import never clears Do Not Call, and a row saying the person does not consent withdraws their consent.',
  firstRows: (count: number) => `First ${count} rows as they will be read`,
  line: 'Line',
  outcome: 'What the import will do',
  wouldCreate: 'Would create',
  wouldUpdate: 'Would update',
  wouldFlag: 'Would flag as possible duplicates',
  wouldSkip: 'Would skip',
  rejectedLine: (line: number, field: string, message: string) => `Line ${line}: ${field} ${message}`,
  moreRejected: (count: number) => `…and ${count} more`,
  import: 'Import',
};

/** Each target of a column as the mapping select names it. */
export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  ignore: 'Ignore',
  _id: 'Lead id (our export)',
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  qualified: 'Qualified',
  createdAt: 'Created',
  source: 'Source',
  interestedIn: 'Property interest',
  budget: 'Budget (as written)',
  budgetInRupees: 'Budget (amount in ₹)',
  timeline: 'Timeline',
  loan_needed: 'Loan needed',
  stage: 'Stage',
  lostReason: 'Lost reason',
  tags: 'Tags',
  owner: 'Owner',
  consent: 'Consent to contact (yes/no)',
  doNotCall: 'Do Not Call (yes/no)',
  whatsappOptIn: 'WhatsApp opt-in (yes/no)',
  note: 'Keep as a note',
  noteAndTag: 'Keep as a note and a tag',
};

const ON_MATCH_LABELS: Record<ImportMatchMode, string> = {
  fill: 'Fill in only what the lead is missing: every value it has stays as stored',
  overwrite: 'Overwrite the lead with the file: every value the file gives replaces the lead’s',
};

const DEDUPE_LABELS: Record<DedupeRule, string> = {
  both: 'the email matches, else the phone',
  email: 'the email matches',
  phone: 'the phone matches',
};

const IMPORT_TARGETS: ImportTarget[] = [IGNORE_COLUMN, ...IMPORT_FIELDS];

const SHOWN_ERRORS = 10;

interface ImportChoiceValues {
  /** One target per column, in the file's order (headers may hold dots, which form paths cannot). */
  columns: ImportTarget[];
  dedupe: DedupeRule;
  onMatch: ImportMatchMode;
}

interface ImportPreviewStepProps {
  file: File;
  /** Tells one choice of a file from the next (a File is not a query key). */
  fileKey: number;
  onImport: (choices: ImportChoices) => void;
}

/**
 * The import's first step: the file's columns, each with where its cells go (changeable,
 * or Ignore), the dedupe rule, what a row does to a lead already stored (fill or
 * overwrite), the first rows as the server reads them and what the import would do (a dry
 * run: its counts, the stored leads it would change field by field, the rows it would flag
 * as possible duplicates), asked again whenever a choice changes; then "Import".
 */
export function ImportPreviewStep({ file, fileKey, onImport }: ImportPreviewStepProps) {
  const onMatchHintId = useId();
  const form = useForm<ImportChoiceValues>({ defaultValues: { columns: [], dedupe: 'both', onMatch: 'fill' } });
  const columns = form.watch('columns');
  const dedupe = form.watch('dedupe');
  const onMatch = form.watch('onMatch');
  const choices = (headers: string[]): ImportChoices => ({
    dedupe,
    onMatch,
    mapping: columns.length === headers.length ? Object.fromEntries(headers.map((header, index) => [header, columns[index]])) : undefined,
  });
  // The first preview suggests the mapping; each later one reads the file with the choices made.
  const firstPreview = useQuery({ queryKey: ['import-preview', fileKey, 'suggested'], queryFn: () => previewLeadImport(file, { dedupe: 'both', onMatch: 'fill' }), retry: false, staleTime: Infinity });
  const headers = firstPreview.data?.columns.map((column) => column.header) ?? [];
  const chosen = choices(headers);
  const preview = useQuery({
    queryKey: ['import-preview', fileKey, chosen],
    queryFn: () => previewLeadImport(file, chosen),
    enabled: chosen.mapping !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    // A column no header names starts as Ignore: what its select shows is what is sent.
    if (firstPreview.data) form.reset({ columns: firstPreview.data.columns.map((column) => column.mapped ?? IGNORE_COLUMN), dedupe: 'both', onMatch: 'fill' });
  }, [firstPreview.data, form]);

  const error = firstPreview.error ?? preview.error;
  if (error) {
    return (
      <p className="form-error" role="alert">
        {TEXT.failed} {error.message}
      </p>
    );
  }
  const shown = preview.data ?? (chosen.mapping ? undefined : firstPreview.data);
  if (!firstPreview.data || !shown) return <p role="status">{TEXT.loading}</p>;

  return (
    <form className="import-preview" onSubmit={form.handleSubmit(() => onImport(chosen))}>
      <ImportFileFacts file={firstPreview.data.file} knownExport={firstPreview.data.knownExport} />
      <fieldset className="import-preview__columns">
        <legend>{TEXT.columns}</legend>
        {firstPreview.data.columns.map((column, index) => (
          <FormField
            key={`${index}-${column.header}`}
            label={column.header}
            hint={TEXT.columnHint(firstPreview.data.rows[0]?.cells[index]?.text ?? '', column.suggestedFrom === 'values' && columns[index] === column.suggested)}
          >
            {(control) => (
              <select {...control} {...form.register(`columns.${index}`)}>
                {IMPORT_TARGETS.map((target) => (
                  <option key={target} value={target}>
                    {IMPORT_TARGET_LABELS[target]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ))}
      </fieldset>
      <NotImportedColumns columns={notImported(firstPreview.data.columns, columns)} />
      <FormField label={TEXT.dedupe}>
        {(control) => (
          <select {...control} {...form.register('dedupe')}>
            {(Object.keys(DEDUPE_LABELS) as DedupeRule[]).map((rule) => (
              <option key={rule} value={rule}>
                {DEDUPE_LABELS[rule]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="import-preview__on-match" aria-describedby={onMatchHintId}>
        <legend className="form-field__label">{TEXT.onMatch}</legend>
        {IMPORT_MATCH_MODES.map((mode) => (
          <label key={mode} className="form-check">
            <input type="radio" value={mode} {...form.register('onMatch')} />
            {ON_MATCH_LABELS[mode]}
          </label>
        ))}
        <p id={onMatchHintId} className="form-field__hint">
          {TEXT.onMatchHint}
        </p>
      </fieldset>
      <PreviewRows preview={shown} />
      <PreviewOutcome preview={shown} />
      <ImportMatchedRows preview={shown} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={preview.isFetching || !preview.data}>
          {TEXT.import}
        </button>
      </div>
    </form>
  );
}

/** The columns whose chosen target is Ignore. */
function notImported(columns: ImportPreviewColumn[], chosen: ImportTarget[]): ImportPreviewColumn[] {
  return columns.filter((_, index) => chosen[index] === IGNORE_COLUMN);
}

function PreviewRows({ preview }: { preview: ImportPreview }) {
  return (
    <div className="import-preview__rows">
      <table>
        <caption>{TEXT.firstRows(preview.rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXT.line}</th>
            {preview.columns.map((column, index) => (
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line}>
              <th scope="row">{row.line}</th>
              {row.cells.map((cell, index) => (
                <td key={index} data-invalid={cell.error ? true : undefined}>
                  {cellShown(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell as read: its value (tags joined), or its text and why it cannot be read. */
function cellShown(cell: ImportPreviewCell): string {
  if (cell.error) return `${cell.text} (${cell.error})`;
  if (cell.value === null) return '';
  return Array.isArray(cell.value) ? cell.value.join(', ') : String(cell.value);
}

function PreviewOutcome({ preview }: { preview: ImportPreview }) {
  const { outcome } = preview;
  return (
    <section className="import-result" aria-label={TEXT.outcome}>
      <h3 className="import-result__heading">{TEXT.outcome}</h3>
      <ImportCounts
        counts={[
          [TEXT.wouldCreate, outcome.created],
          [TEXT.wouldUpdate, outcome.updated],
          [TEXT.wouldFlag, outcome.possibleDuplicates],
          [TEXT.wouldSkip, outcome.skipped],
        ]}
      />
      {outcome.errors.length > 0 && (
        <ul className="import-result__errors">
          {outcome.errors.slice(0, SHOWN_ERRORS).map((error, index) => (
            <li key={index}>{TEXT.rejectedLine(error.line, error.field, error.message)}</li>
          ))}
          {outcome.errors.length > SHOWN_ERRORS && <li>{TEXT.moreRejected(outcome.errors.length - SHOWN_ERRORS)}</li>}
        </ul>
      )}
    </section>
  );
}
