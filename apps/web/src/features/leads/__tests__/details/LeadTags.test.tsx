import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LeadCard } from '../../components/LeadCard';
import { aLead } from '../../../../testing/leadFixtures';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

/** PUT …/tags as the server answers it: the tags as sent, the version bumped. */
const routes = {
  'PUT /api/leads/lead-1/tags': async (request: Request) => {
    const { tags } = (await request.json()) as { tags: string[] };
    return Response.json({ ...LEAD, tags, version: LEAD.version + 1 });
  },
};

describe('The lead’s tags', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds tags written with commas against the version shown, and removes one', async () => {
    const requests = stubDetailsApi({ lead: { ...LEAD, tags: ['VIP'], calls: [] } }, routes);
    renderWithQueryClient(<LeadDetailsDialog lead={{ ...LEAD, tags: ['VIP'] }} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const tags = await screen.findByRole('region', { name: 'Tags' });
    await user.type(within(tags).getByLabelText('Add tag'), 'NRI, Site visit{Enter}');
    await waitFor(() => expect(within(tags).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['VIP', 'NRI', 'Site visit']));
    const [put] = requestsTo(requests, 'PUT /api/leads/lead-1/tags');
    expect(put.headers.get('If-Match')).toBe('"3"');
    expect(await put.json()).toEqual({ tags: ['VIP', 'NRI', 'Site visit'] });
    expect(within(tags).getByLabelText('Add tag')).toHaveValue('');

    await user.click(within(tags).getByRole('button', { name: 'Remove tag NRI' }));
    await waitFor(() => expect(requestsTo(requests, 'PUT /api/leads/lead-1/tags')).toHaveLength(2));
    expect(await requestsTo(requests, 'PUT /api/leads/lead-1/tags')[1].json()).toEqual({ tags: ['VIP', 'Site visit'] });
  });

  it('says what is wrong with a tag before sending anything', async () => {
    const requests = stubDetailsApi({}, routes);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const tags = await screen.findByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('No tags yet.')).toBeInTheDocument();
    await user.type(within(tags).getByLabelText('Add tag'), `${'x'.repeat(41)}{Enter}`);
    expect(await within(tags).findByRole('alert')).toHaveTextContent('The tags could not be saved: Tags must be at most 40 characters');
    expect(requestsTo(requests, 'PUT /api/leads/lead-1/tags')).toHaveLength(0);
  });

  it('shows a lead’s tags on its card, and nothing for a lead without', () => {
    const { unmount } = renderWithQueryClient(<LeadCard lead={aLead({ tags: ['Hot', 'Pune'] })} onCall={vi.fn()} onViewDetails={vi.fn()} />);
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Hot', 'Pune']);
    unmount();
    renderWithQueryClient(<LeadCard lead={aLead()} onCall={vi.fn()} onViewDetails={vi.fn()} />);
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });
});
