import type { CallRefusal, DndListSummary } from '@lead-desk/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { CallingRulesDialog } from '../components/CallingRulesDialog';

const NEWER: CallRefusal = {
  id: 'refusal-2',
  leadId: 'lead-7',
  leadName: 'Sunil Shah',
  actor: { id: 'staff-1', name: 'Neha' },
  code: 'dnd_list',
  reason: 'This number is on the DND scrub list.',
  at: '2026-11-20T10:05:00.000Z',
};
const OLDER: CallRefusal = { id: 'refusal-1', leadId: null, leadName: null, actor: null, code: 'outside_hours', reason: 'Outside calling hours.', at: '2026-11-19T22:00:00.000Z' };
const EMPTY_LIST: DndListSummary = { count: 0, uploadedAt: null, uploadedBy: null, mode: null };
const UPLOADED: DndListSummary = { count: 1200, uploadedAt: '2026-11-20T09:00:00.000Z', uploadedBy: { id: 'staff-2', name: 'Asha Admin' }, mode: 'replace' };

describe('CallingRulesDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who was refused which lead, why and when, and loads older refusals from the cursor', async () => {
    const requests = stubApi({
      'GET /api/dnd-list': () => Response.json(UPLOADED),
      'GET /api/calls/refusals': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'after-2'
          ? Response.json({ refusals: [OLDER], nextCursor: null })
          : Response.json({ refusals: [NEWER], nextCursor: 'after-2' }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<CallingRulesDialog onClose={vi.fn()} />);
    const refused = screen.getByRole('region', { name: 'Calls refused' });
    expect(await within(refused).findByRole('link', { name: 'Sunil Shah' })).toHaveAttribute('href', '?q=Sunil%20Shah');
    const row = within(refused).getByRole('row', { name: /Sunil Shah/ });
    expect(within(row).getByRole('cell', { name: 'Neha' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'On the DND list' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'This number is on the DND scrub list.' })).toBeInTheDocument();
    expect(within(row).getByText('lead-7')).toBeInTheDocument();

    await user.click(within(refused).getByRole('button', { name: 'Load more' }));
    const older = await within(refused).findByRole('row', { name: /Outside calling hours\./ });
    expect(within(older).getByRole('cell', { name: 'Open mode' })).toBeInTheDocument();
    expect(within(older).getByRole('cell', { name: 'A number typed in' })).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = requests.filter((request) => new URL(request.url).pathname === '/api/calls/refusals').map((request) => new URL(request.url).search);
    expect(pages).toEqual(['?limit=50', '?limit=50&cursor=after-2']);

    const list = screen.getByRole('region', { name: 'DND scrub list' });
    expect(within(list).getByText('1,200 numbers')).toBeInTheDocument();
    expect(within(list).getByText(/^Uploaded .* by Asha Admin\.$/)).toBeInTheDocument();
  });

  it('uploads the chosen file to merge, then shows the new count; asks for a file first', async () => {
    const requests = stubApi({
      'GET /api/calls/refusals': () => Response.json({ refusals: [], nextCursor: null }),
      'GET /api/dnd-list': () => Response.json(EMPTY_LIST),
      'PUT /api/dnd-list': () => Response.json({ ...UPLOADED, count: 2, mode: 'merge', added: 2, removed: 0 }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<CallingRulesDialog onClose={vi.fn()} />);
    const list = screen.getByRole('region', { name: 'DND scrub list' });
    expect(await within(list).findByText('No list uploaded yet.')).toBeInTheDocument();
    expect(await screen.findByText('No call has been refused.')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Upload list' }));
    expect(within(list).getByText('Choose a file.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    const file = new File(['msisdn\n98765 60001\n98765 60002\n'], 'dnd.csv', { type: 'text/csv' });
    const input = within(list).getByLabelText('Scrub list file');
    expect(input).toHaveAttribute('accept', '.csv,.txt,text/csv,text/plain');
    expect(input).toHaveAccessibleDescription(/one number a line/);
    await user.upload(input, file);
    expect(within(list).getByRole('radio', { name: 'Replace: the list becomes this file' })).toBeChecked();
    await user.click(within(list).getByRole('radio', { name: 'Merge: add this file’s numbers to the list' }));
    await user.click(within(list).getByRole('button', { name: 'Upload list' }));

    expect(await within(list).findByRole('status')).toHaveTextContent('Applied: 2 added, 0 removed; the list holds 2 numbers.');
    expect(within(list).getByText('2 numbers')).toBeInTheDocument();
    expect(within(list).getByText(/merged into the list before\.$/)).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(new URL(put.url).search).toBe('?mode=merge');
    // The form as the page built it (jsdom's File does not survive the trip through Node's Request).
    const [, init] = vi.mocked(fetch).mock.calls.find(([, sentInit]) => sentInit?.method === 'PUT')!;
    expect((init!.body as FormData).get('file')).toBe(file);
  });

  it('shows the API’s 400 naming the bad lines, and keeps the count', async () => {
    stubApi({
      'GET /api/calls/refusals': () => Response.json({ refusals: [], nextCursor: null }),
      'GET /api/dnd-list': () => Response.json(UPLOADED),
      'PUT /api/dnd-list': () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The scrub list was not applied: line 3 not a number is not a valid phone number.',
            errors: [
              { field: 'line 3', message: 'not a number is not a valid phone number' },
              { field: 'line 5', message: 'call me is not a valid phone number' },
            ],
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<CallingRulesDialog onClose={vi.fn()} />);
    const list = screen.getByRole('region', { name: 'DND scrub list' });
    await within(list).findByText('1,200 numbers');
    await user.upload(within(list).getByLabelText('Scrub list file'), new File(['phone\n98765 60005\nnot a number\n'], 'dnd.txt', { type: 'text/plain' }));
    await user.click(within(list).getByRole('button', { name: 'Upload list' }));
    const alert = await within(list).findByRole('alert');
    expect(alert).toHaveTextContent('The scrub list was not applied: line 3 not a number is not a valid phone number.');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['line 3: not a number is not a valid phone number', 'line 5: call me is not a valid phone number']);
    expect(within(list).getByText('1,200 numbers')).toBeInTheDocument();
  });
});
