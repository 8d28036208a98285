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
    knownExport: null,
    columns: [
      { header: 'Lead Name', suggested: 'name', suggestedFrom: 'header', mapped: 'name', sample: ['Asha Rao'] },
      { header: 'Stage', suggested: 'stage', suggestedFrom: 'header', mapped: 'stage', sample: ['contacted'] },
      { header: 'Lead Score', suggested: 'ignore', suggestedFrom: null, mapped: score as 'ignore' | null, sample: ['87'] },
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
    onMatch: 'fill',
    matches: [],
    duplicates: [],
    outcome: score === 'ignore' ? { created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] } : { created: 0, updated: 0, possibleDuplicates: 0, skipped: 1, errors: [{ line: 2, field: 'Lead Score', message: 'is not a known column' }] },
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
    expect(screen.getByRole('region', { name: '1 column will not be imported' })).toHaveTextContent('Lead Score: 87');

    // Set to Ignore, a column joins the list at once.
    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'ignore');
    expect(screen.getByRole('region', { name: '2 columns will not be imported' })).toHaveTextContent('Stage: contacted');
    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'stage');

    await userEvent.selectOptions(screen.getByLabelText('Same person as a stored lead when'), 'email');
    await waitFor(() => expect(requests.at(-1)?.url).toContain('dedupe=email'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledWith({ dedupe: 'email', onMatch: 'fill', mapping: { 'Lead Name': 'name', Stage: 'stage', 'Lead Score': 'ignore' } });
  });

  it('fills stored leads unless overwrite is chosen, says what each choice does, and asks the preview and the import with it', async () => {
    const requests = stubApi({ 'POST /api/leads/import/preview': () => Response.json(previewFor({ 'Lead Score': 'ignore' }, 'both')) });
    const onImport = vi.fn();
    renderWithQueryClient(<ImportPreviewStep file={new File(['x'], 'crm.csv')} fileKey={5} onImport={onImport} />);

    const choice = await screen.findByRole('group', { name: 'When a row is a lead already stored' });
    const fill = within(choice).getByRole('radio', { name: 'Fill in only what the lead is missing: every value it has stays as stored' });
    const overwrite = within(choice).getByRole('radio', { name: 'Overwrite the lead with the file: every value the file gives replaces the lead’s' });
    expect(fill).toBeChecked();
    expect(choice).toHaveAccessibleDescription(/also replaces the lead’s stage, owner and tags, and records again a consent the person withdrew.*never clears Do Not Call/);
    await waitFor(() => expect(requests.at(-1)?.url).toContain('onMatch=fill'));

    await userEvent.click(overwrite);
    await waitFor(() => expect(requests.at(-1)?.url).toContain('onMatch=overwrite'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledWith(expect.objectContaining({ onMatch: 'overwrite' }));
  });

  it('lists each stored lead a row would touch (a link to it) with each field old → new, and the rows flagged as possible duplicates instead, with exact counts', async () => {
    const preview: ImportPreview = {
      ...previewFor({ 'Lead Score': 'ignore' }, 'both'),
      outcome: { created: 0, updated: 120, possibleDuplicates: 1, skipped: 0, errors: [] },
      matches: [
        {
          line: 2,
          lead: { id: 'lead-aarav', name: 'Aarav Sharma', createdAtLine: null },
          changes: [
            { field: 'email', from: 'aarav@example.in', to: 'aarav.work@example.in', outcome: 'kept' },
            { field: 'budget', from: null, to: 4_500_000, outcome: 'filled' },
            { field: 'tags', from: ['VIP'], to: ['VIP', 'Hot'], outcome: 'filled' },
            { field: 'consent', from: false, to: true, outcome: 'kept' },
          ],
        },
        { line: 3, lead: { id: null, name: 'Zoya Khan', createdAtLine: 2 }, changes: [] },
      ],
      duplicates: [{ line: 4, name: 'Rahul Verma', lead: { id: 'lead-aarav', name: 'Aarav Sharma', createdAtLine: null }, reason: 'same_phone' }],
    };
    stubApi({ 'POST /api/leads/import/preview': () => Response.json(preview) });
    renderWithQueryClient(<ImportPreviewStep file={new File(['x'], 'crm.csv')} fileKey={6} onImport={vi.fn()} />);

    const outcome = await screen.findByRole('region', { name: 'What the import will do' });
    expect(within(outcome).getByText('Would flag as possible duplicates').nextElementSibling).toHaveTextContent('1');
    const matches = screen.getByRole('region', { name: '120 rows are leads already stored' });
    expect(matches).toHaveTextContent('The first 2 are listed.');
    const aarav = within(matches).getByRole('link', { name: 'Aarav Sharma' });
    expect(aarav).toHaveAttribute('href', '/?lead=lead-aarav');
    expect(aarav).toHaveAttribute('target', '_blank');
    expect(within(matches).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Line 2: Aarav Sharma/),
      'Email: aarav@example.in → aarav.work@example.in (kept as stored)',
      'Budget: Not given → ₹45,00,000 (fills what the lead lacks)',
      'Tags: VIP → VIP, Hot (fills what the lead lacks)',
      'Consent: withdrawn → given (kept as stored)',
      'Line 3: Zoya Khan (the lead line 2 creates) · Nothing to change',
    ]);
    const flagged = screen.getByRole('region', { name: '1 row would be flagged as a possible duplicate' });
    expect(flagged).toHaveTextContent('Line 4: Rahul Verma may be Aarav Sharma (same phone): a new lead, flagged for review');
    expect(within(flagged).getByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute('href', '/?lead=lead-aarav');
  });

  it("says that the file is Meta's export, which columns come from their values, and lists every column it will not import with its first values", async () => {
    const preview: ImportPreview = {
      file: { format: 'csv', encoding: 'utf-16le', byteOrderMark: true, delimiter: 'tab' },
      knownExport: 'meta-lead-ads',
      columns: [
        { header: 'ad_id', suggested: 'ignore', suggestedFrom: 'export', mapped: 'ignore', sample: ['ag:120214563200510', 'ag:120214563200511'] },
        { header: 'adset_id', suggested: 'ignore', suggestedFrom: 'export', mapped: 'ignore', sample: ['as:120214563200620'] },
        { header: 'is_organic', suggested: 'ignore', suggestedFrom: 'export', mapped: 'ignore', sample: ['0', '1'] },
        { header: 'when_do_you_plan_to_buy?', suggested: 'note', suggestedFrom: 'export', mapped: 'note', sample: ['within_3_months'] },
        { header: 'Contact', suggested: 'phone', suggestedFrom: 'values', mapped: 'phone', sample: ['98450 12345'] },
      ],
      rows: [
        {
          line: 2,
          cells: [
            { text: 'ag:120214563200510', value: null },
            { text: 'as:120214563200620', value: null },
            { text: '0', value: null },
            { text: 'within_3_months', value: 'Within 3 Months' },
            { text: '98450 12345', value: '98450 12345' },
          ],
        },
      ],
      dedupe: 'both',
      onMatch: 'fill',
      outcome: { created: 1, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] },
      matches: [],
      duplicates: [],
    };
    stubApi({ 'POST /api/leads/import/preview': () => Response.json(preview) });
    renderWithQueryClient(<ImportPreviewStep file={new File(['x'], 'meta.csv')} fileKey={3} onImport={vi.fn()} />);

    expect(await screen.findByText('Read as UTF-16 (little-endian), tab-separated')).toBeInTheDocument();
    expect(screen.getByText('Recognised as a Meta Lead Ads export')).toBeInTheDocument();
    const notImported = screen.getByRole('region', { name: '3 columns will not be imported' });
    expect(within(notImported).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ad_id: ag:120214563200510, ag:120214563200511',
      'adset_id: as:120214563200620',
      'is_organic: 0, 1',
    ]);
    expect(screen.getByLabelText('when_do_you_plan_to_buy?')).toHaveDisplayValue('Keep as a note');
    expect(screen.getByLabelText('Contact')).toHaveAccessibleDescription('First row: 98450 12345 · suggested from its values');
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
