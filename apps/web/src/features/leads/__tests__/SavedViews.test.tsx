import type { SavedView } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePipelineApi } from '../../../testing/fakePipelineApi';
import { giveLeadListHeight } from '../../../testing/layout';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadManagement } from '../components/LeadManagement';

const LEADS = [
  aLead({ _id: 'l3', name: 'Kavya Nair', qualified: true, location: 'Pune', tags: ['NRI'], createdAt: '2026-05-15T10:00:00.000Z' }),
  aLead({ _id: 'l2', name: 'Rohan Mehta', qualified: false, location: 'Pune', tags: ['NRI'], createdAt: '2026-05-14T10:00:00.000Z' }),
  aLead({ _id: 'l1', name: 'Aarav Sharma', qualified: true, location: 'Mumbai', createdAt: '2026-05-13T10:00:00.000Z' }),
];

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: 'v1',
  name: 'NRI in Pune',
  shared: true,
  owner: null,
  editable: true,
  filter: { status: 'qualified', q: 'pune', tag: ['nri'], archived: false },
  dropped: [],
  count: 1,
  ...overrides,
});

const results = () => screen.getByRole('region', { name: /^(All|Qualified|Unqualified) Leads$/ });
const cardNames = () => screen.queryAllByTestId('lead-card').map((card) => within(card).getByRole('heading').textContent);

describe('Saved views', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('lists the views with their counts beside the filter buttons and opens one into the URL', async () => {
    const user = userEvent.setup();
    fakePipelineApi(LEADS, { 'GET /api/views': () => Response.json([view({})]) });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    const views = await screen.findByRole('group', { name: 'Saved views' });
    await user.click(await within(views).findByRole('button', { name: 'NRI in Pune (1)' }));
    expect(await within(results()).findByText('Showing 1 results for "pune"')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Kavya Nair']);
    expect(window.location.search).toBe('?status=qualified&q=pune&tag=nri');
  });

  it('says what an opened view dropped because it no longer exists', async () => {
    const user = userEvent.setup();
    const stale = view({ name: 'Old pipeline', filter: { status: 'all', archived: false }, dropped: [{ field: 'stage', value: 'stage-gone' }, { field: 'tag', value: 'gone' }], count: 3 });
    fakePipelineApi(LEADS, { 'GET /api/views': () => Response.json([stale]) });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await user.click(await screen.findByRole('button', { name: 'Old pipeline (3)' }));
    expect(await screen.findByText('“Old pipeline” opened without its stage, the tag: no longer there.')).toBeInTheDocument();
  });

  it('saves the current filter and search as a view, shared when asked', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/?status=unqualified&tag=NRI');
    const saved: Request[] = [];
    fakePipelineApi(LEADS, {
      'GET /api/views': () => Response.json([]),
      'POST /api/views': async (request) => {
        saved.push(request.clone());
        return Response.json(view({ name: 'Cold NRI' }), { status: 201 });
      },
    });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    await user.type(screen.getByLabelText('View name'), 'Cold NRI');
    await user.click(screen.getByLabelText('Share with the team'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0].json()).toEqual({ name: 'Cold NRI', shared: true, filter: { status: 'unqualified', tag: ['NRI'] } });
  });
});
