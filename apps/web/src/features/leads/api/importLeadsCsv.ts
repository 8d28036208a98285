import type { Job, ImportSummary, JobCreated } from '@lead-desk/contracts';
import { ApiError, apiErrorFromBody, changeHeaders } from '../../../lib/apiClient';
import { importForm, importQuery, type ImportChoices } from './previewLeadImport';

/** Uploading the file; then the server counting its rows; then its job importing them, batch by batch. */
export type ImportProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' } | { phase: 'importing'; processed: number; total: number };

/**
 * Uploads a CSV or Excel file to POST /api/leads/import/jobs, read as the preview's choices say: the answer is the job that
 * imports it in the background (GET /api/jobs/:id, job.updated events). XMLHttpRequest rather than fetch: only it reports
 * upload progress.
 */
export function startLeadImportJob(file: File, choices: ImportChoices, onProgress: (progress: ImportProgress) => void): Promise<JobCreated> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/leads/import/jobs?${importQuery(choices)}`);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(changeHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    });
    request.upload.addEventListener('load', () => onProgress({ phase: 'processing' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as JobCreated);
      else reject(apiErrorFromBody(request.status, request.statusText, request.response));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'The upload failed: the server could not be reached.')));
    onProgress({ phase: 'uploading', percent: 0 });
    request.send(importForm(file, choices));
  });
}

/** A finished import job's counters as the synchronous import's summary (its first 100 rejected lines). */
export function importSummaryOf(job: Job): ImportSummary {
  return {
    created: job.created,
    updated: job.changed - job.created - job.possibleDuplicates,
    possibleDuplicates: job.possibleDuplicates,
    skipped: job.skipped,
    errors: job.errors.map(({ line, field, message }) => ({ line: line ?? 0, field: field ?? '', message })),
  };
}
