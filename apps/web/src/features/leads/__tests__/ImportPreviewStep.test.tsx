import type { ImportPreview } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { ImportPreviewStep } from '../components/ImportPreviewStep';

/** The preview as the API answers it for a file of Lead Name, Stage, Lead Score; Lead Score is mapped as sent. */
function previewFor(mapping: Record<string, string> | undefined, dedupe: string): ImportPreview {
  const score = mapping?.['Lead Score'] ?? null;
  return {
    file: { format: 'csv', encoding: 'utf-8', byteOrderMark: false, delimiter: 'comma' },
    columns: [
      { header: 'Lead Name', suggested: 'name', mapped: 'name' },
      { header: 'Stage', suggested: 'stage', mapped: 'stage' },
      { header: 'Lead Score', suggested: 'ignore', mapped: score as 'ignore' | null },
    ],
    rows: [
      {
        line: 2,
        cells: [
          { text: 'Asha Rao', value: 'Asha Rao' },
          { text: 'contacted', value: 'Contacted' },
          score === null ? { text: '87', value: null, error: 'is not a known column' } : { text: '87', value: score === 'ignore' ? null : '87' },
        ],
      },
    ],
    dedupe: dedupe as ImportPreview['dedupe'],
    outcome: score === 'ignore' ? { created: 1, updated: 0, skipped: 0, errors: [] } : { created: 0, updated: 0, skipped: 1, errors: [{ line: 2, field: 'Lead Score', message: 'is not a known column' }] },
  };
}

describe('ImportPreviewStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each column with its mapping, the rows as read and the dry run, asks again when a choice changes, and imports with the choices', async () => {
    const requests = stubApi({
      'POST /api/leads/import/preview': async (request) => {
        const form = await request.formData();
        const mapping = form.get('mapping');
        return Response.json(previewFor(typeof mapping === 'string' ? JSON.parse(mapping) : undefined, new URL(request.url).searchParams.get('dedupe') ?? 'both'));
      },
    });
    const onImport = vi.fn();
    const file = new File(['Lead Name,Stage,Lead Score\nAsha Rao,contacted,87\n'], 'crm.csv', { type: 'text/csv' });
    renderWithQueryClient(<ImportPreviewStep file={file} fileKey={1} onImport={onImport} />);

    // An unknown column starts as Ignore, and the dry run is asked with every column's choice.
    expect(await screen.findByLabelText('Lead Name')).toHaveValue('name');
    expect(screen.getByLabelText('Stage')).toHaveValue('stage');
    expect(screen.getByLabelText('Lead Score')).toHaveValue('ignore');
    const outcome = screen.getByRole('region', { name: 'What the import will do' });
    await waitFor(() => expect(within(outcome).getByText('Would create').nextElementSibling).toHaveTextContent('1'));
    expect(screen.getByRole('table')).toHaveTextContent('Contacted');
    expect(screen.getByText('Read as UTF-8, comma-separated')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Same person as a stored lead when'), 'email');
    await waitFor(() => expect(requests.at(-1)?.url).toContain('dedupe=email'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledWith({ dedupe: 'email', mapping: { 'Lead Name': 'name', Stage: 'stage', 'Lead Score': 'ignore' } });
  });

  it.each([
    [{ format: 'csv', encoding: 'utf-16le', byteOrderMark: true, delimiter: 'tab' }, 'Read as UTF-16 (little-endian), tab-separated'],
    [{ format: 'csv', encoding: 'windows-1252', byteOrderMark: false, delimiter: 'semicolon' }, 'Read as Windows-1252 (Excel on Windows), semicolon-separated'],
    [{ format: 'xlsx' }, 'Read as an Excel workbook (its first sheet)'],
  ] as const)('says how the file was read: %j', async (file, words) => {
    stubApi({ 'POST /api/leads/import/preview': () => Response.json({ ...previewFor({ 'Lead Score': 'ignore' }, 'both'), file }) });
    renderWithQueryClient(<ImportPreviewStep file={new File(['x'], 'leads.csv')} fileKey={4} onImport={vi.fn()} />);
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('says why a file cannot be previewed', async () => {
    stubApi({
      'POST /api/leads/import/preview': () =>
        Response.json({ statusCode: 400, error: 'Bad Request', message: 'Invalid file: line 3 has 4 cells; the header has 3', errors: [] }, { status: 400 }),
    });
    renderWithQueryClient(<ImportPreviewStep file={new File(['a'], 'bad.csv')} fileKey={2} onImport={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The import failed: Invalid file: line 3 has 4 cells; the header has 3');
  });
});
