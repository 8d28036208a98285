import type { ImportSummary } from '@lead-desk/contracts';
import { ApiError, apiErrorFromBody, changeHeaders } from '../../../lib/apiClient';
import { importForm, type ImportChoices } from './previewLeadImport';

export type ImportProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

/**
 * Uploads a CSV or Excel file to POST /api/leads/import, read as the preview's choices say. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Once the file is sent, the server reads and writes the rows.
 */
export function importLeadsCsv(file: File, choices: ImportChoices, onProgress: (progress: ImportProgress) => void): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/leads/import?dedupe=${choices.dedupe}`);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(changeHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    });
    request.upload.addEventListener('load', () => onProgress({ phase: 'processing' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as ImportSummary);
      else reject(apiErrorFromBody(request.status, request.statusText, request.response));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'The upload failed: the server could not be reached.')));
    onProgress({ phase: 'uploading', percent: 0 });
    request.send(importForm(file, choices));
  });
}
