import type { DedupeRule, ImportMapping, ImportMatchMode, ImportPreview } from '@lead-desk/contracts';
import { apiFetch } from '../../../lib/apiClient';

/** How the file is to be read: where each column goes, when a row is the same person as a stored lead, and what it writes over that lead. */
export interface ImportChoices {
  mapping?: ImportMapping;
  dedupe: DedupeRule;
  onMatch: ImportMatchMode;
}

/** The choices that travel in the query (the mapping travels in the form). */
export function importQuery({ dedupe, onMatch }: ImportChoices): string {
  return new URLSearchParams({ dedupe, onMatch }).toString();
}

/** The form an import and its preview send: the file, and the mapping as JSON beside it. */
export function importForm(file: File, choices?: ImportChoices): FormData {
  const form = new FormData();
  form.append('file', file);
  if (choices?.mapping) form.append('mapping', JSON.stringify(choices.mapping));
  return form;
}

/** POST /api/leads/import/preview: the file's columns, first rows as read and a dry run; nothing is written. */
export async function previewLeadImport(file: File, choices: ImportChoices): Promise<ImportPreview> {
  const response = await apiFetch(`/api/leads/import/preview?${importQuery(choices)}`, { method: 'POST', body: importForm(file, choices) });
  return (await response.json()) as ImportPreview;
}
