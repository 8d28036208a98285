import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

const fact = (label: string) => within(screen.getByRole('dialog')).getByText(label, { selector: 'dt' }).nextElementSibling;

function renderDetails() {
  renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
  return userEvent.setup();
}

describe('Editing a lead in its details', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the changed fields against the version it was opened on, then shows the lead as saved', async () => {
    const requests = stubDetailsApi(
      {},
      { 'PATCH /api/leads/lead-1': async (request) => Response.json({ ...LEAD, ...(await request.json()), version: 4 }, { headers: { ETag: '"4"' } }) },
    );
    const user = renderDetails();
    await screen.findByText('No calls yet.');
    await user.click(screen.getByRole('button', { name: 'Edit lead' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Sanjay Kulkarni');
    expect(screen.getByLabelText('Budget')).toHaveValue('4500000');
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Nashik');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(fact('Location')).toHaveTextContent('Nashik'));
    const [patch] = requestsTo(requests, 'PATCH /api/leads/lead-1');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(await patch.json()).toEqual({ location: 'Nashik' });
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('checks the fields as on creation and sends nothing while one is wrong', async () => {
    const requests = stubDetailsApi();
    const user = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Edit lead' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be a valid email address');
    expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toHaveLength(0);
  });

  it('says so when someone else changed the lead first (412), shows the lead as it is now and never overwrites it', async () => {
    let current = { ...LEAD, calls: [] };
    const requests = stubDetailsApi(
      {},
      {
        'GET /api/leads/lead-1': () => Response.json(current),
        'PATCH /api/leads/lead-1': (request) => {
          if (request.headers.get('If-Match') !== `"${current.version}"`) {
            return Response.json({ statusCode: 412, error: 'Precondition Failed', message: 'The lead has changed since: it is at version 4.' }, { status: 412 });
          }
          current = { ...current, timeline: 'Next week', version: current.version + 1 };
          return Response.json(current);
        },
      },
    );
    const user = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Edit lead' }));
    // A colleague moves the lead to Mumbai meanwhile.
    current = { ...current, location: 'Mumbai', version: 4 };
    await user.clear(screen.getByLabelText('Timeline'));
    await user.type(screen.getByLabelText('Timeline'), 'Next week');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This lead was changed by someone else.');
    // The form now holds the lead as the colleague left it; the edit is to be made again.
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Mumbai'));
    expect(screen.getByLabelText('Timeline')).toHaveValue('3 months');

    await user.clear(screen.getByLabelText('Timeline'));
    await user.type(screen.getByLabelText('Timeline'), 'Next week');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fact('Timeline')).toHaveTextContent('Next week'));
    expect(fact('Location')).toHaveTextContent('Mumbai');
    expect(requestsTo(requests, 'PATCH /api/leads/lead-1').map((request) => request.headers.get('If-Match'))).toEqual(['"3"', '"4"']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
