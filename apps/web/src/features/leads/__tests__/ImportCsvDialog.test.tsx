import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportCsvDialog } from '../components/ImportCsvDialog';

const dialogWith = (props: Partial<Parameters<typeof ImportCsvDialog>[0]>) =>
  render(<ImportCsvDialog fileName="leads.csv" progress={null} summary={undefined} error={null} onClose={vi.fn()} {...props} />);

describe('ImportCsvDialog', () => {
  it('shows how much of the file has been uploaded', () => {
    dialogWith({ progress: { phase: 'uploading', percent: 40 } });
    const dialog = screen.getByRole('dialog', { name: 'Import CSV' });
    expect(dialog).toHaveAccessibleDescription('leads.csv');
    expect(within(dialog).getByText('Uploading… 40%')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '40');
  });

  it('shows work of unknown length while the server reads the rows', () => {
    dialogWith({ progress: { phase: 'processing' } });
    expect(screen.getByText('Processing rows…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
  });

  it("shows the import job's progress on the bulk actions' bar once the file is uploaded", () => {
    dialogWith({ progress: { phase: 'importing', processed: 1500, total: 10000 } });
    expect(screen.getByText('Imported 1,500 of 10,000 rows')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '1500');
    expect(bar).toHaveAttribute('aria-valuemax', '10000');
    // The job runs on without the dialog: only the upload holds it open.
    expect(screen.getByText('Close', { selector: 'button' })).not.toHaveAttribute('aria-disabled');
  });

  it('sums up the import and lists each rejected line with its reason', () => {
    dialogWith({
      summary: {
        created: 2,
        updated: 1,
        possibleDuplicates: 3,
        skipped: 2,
        errors: [
          { line: 4, field: 'email', message: 'must be a valid email address' },
          { line: 5, field: 'name', message: 'is required' },
        ],
      },
    });
    const counts = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    // Rows flagged as possible duplicates are counted apart from those created and updated.
    expect(counts).toEqual({ Created: '2', Updated: '1', 'Possible duplicates': '3', Skipped: '2' });
    expect(screen.getByRole('heading', { name: 'Rejected lines' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 4: email must be a valid email address',
      'Line 5: name is required',
    ]);
  });

  it('shows why the import failed', () => {
    dialogWith({ error: new Error('The file is larger than 20 MB.') });
    expect(screen.getByRole('alert')).toHaveTextContent('The import failed: The file is larger than 20 MB.');
  });
});
