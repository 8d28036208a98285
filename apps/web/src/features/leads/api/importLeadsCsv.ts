import type { ImportSummary } from '@lead-desk/contracts';
import { ApiError, apiErrorFromBody, changeHeaders } from '../../../lib/apiClient';

export type ImportProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

/**
 * Uploads a CSV to POST /api/leads/import. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Once the file is sent, the server reads and writes the rows.
 */
export function importLeadsCsv(file: File, onProgress: (progress: ImportProgress) => void): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/leads/import');
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
    const form = new FormData();
    form.append('file', file);
    onProgress({ phase: 'uploading', percent: 0 });
    request.send(form);
  });
}
