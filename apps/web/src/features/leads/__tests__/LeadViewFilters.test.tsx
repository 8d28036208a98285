import type { Lead, Session, StaffAccount } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePipelineApi } from '../../../testing/fakePipelineApi';
import { giveLeadListHeight } from '../../../testing/layout';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadManagement } from '../components/LeadManagement';

const ASHA = { id: 's1', name: 'Asha Rao', email: 'asha@example.in' };
const RAVI = { id: 's2', name: 'Ravi Kumar', email: 'ravi@example.in' };
const ADMIN: Session = { authMode: 'staff', staff: { ...ASHA, role: 'admin' }, csrfToken: 'csrf-1' };
const OPEN: Session = { authMode: 'open', staff: null, csrfToken: null };
const TEAM: StaffAccount[] = [
  { ...ASHA, role: 'admin', available: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { ...RAVI, role: 'agent', available: true, createdAt: '2026-01-01T00:00:00.000Z' },
];

function someLeads(): Lead[] {
  return [
    aLead({ _id: 'l4', name: 'Kavya Nair', qualified: false, location: 'Pune', owner: ASHA, createdAt: '2026-05-15T10:00:00.000Z' }),
    aLead({ _id: 'l3', name: 'Rohan Mehta', location: 'Pune', owner: ASHA, stage: { id: 'stage-contacted', name: 'Contacted', kind: 'open' }, createdAt: '2026-05-14T10:00:00.000Z' }),
    aLead({ _id: 'l2', name: 'Sneha Kulkarni', location: 'Pune', owner: RAVI, stage: { id: 'stage-contacted', name: 'Contacted', kind: 'open' }, createdAt: '2026-05-13T10:00:00.000Z' }),
    aLead({ _id: 'l1', name: 'Aarav Sharma', location: 'Mumbai', createdAt: '2026-05-12T10:00:00.000Z' }),
  ];
}

const results = () => screen.getByRole('region', { name: /^(All|Qualified|Unqualified) Leads$/ });
const cardNames = () => screen.queryAllByTestId('lead-card').map((card) => within(card).getByRole('heading').textContent);
const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
const listQueries = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname === '/api/leads' && new URL(request.url).searchParams.get('limit') !== '1').map((request) => new URL(request.url).search);

describe('Stage and owner filters', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('filters by stage and owner on the server, combined with the seed’s filter buttons, kept in the URL', async () => {
    const user = userEvent.setup();
    const requests = fakePipelineApi(someLeads(), { 'GET /api/staff': () => Response.json(TEAM) });
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 4 results')).toBeInTheDocument();

    const owner = screen.getByLabelText('Owner');
    await waitFor(() => expect(optionLabels(owner)).toEqual(['Anyone', 'Mine', 'Unassigned', 'Ravi Kumar']));
    const stage = screen.getByLabelText('Stage');
    await waitFor(() => expect(optionLabels(stage)).toEqual(['All stages', 'New', 'Contacted', 'Lost']));

    await user.selectOptions(stage, 'Contacted');
    expect(await within(results()).findByText('Showing 2 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta', 'Sneha Kulkarni']);
    expect(window.location.search).toBe('?stage=stage-contacted');

    await user.selectOptions(owner, 'Mine');
    expect(await within(results()).findByText('Showing 1 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta']);
    expect(window.location.search).toBe('?stage=stage-contacted&owner=me');

    await user.selectOptions(stage, 'All stages');
    await user.click(screen.getByRole('button', { name: /^Unqualified/ }));
    expect(await within(results()).findByText('Showing 1 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Kavya Nair']);
    expect(window.location.search).toBe('?owner=me&status=unqualified');
    // The seed's buttons keep counting all leads by qualification, as before.
    expect(screen.getByRole('button', { name: 'All Leads (4)' })).toHaveAttribute('aria-pressed', 'false');
    expect(listQueries(requests)).toContain('?status=unqualified&owner=me&limit=50');

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?owner=me'));
    expect(await within(results()).findByText('Showing 2 results')).toBeInTheDocument();
  });

  it('opens the filters a shared link names, with the search, for one agent', async () => {
    window.history.replaceState(null, '', '/?owner=s2&q=pune&stage=stage-contacted');
    const requests = fakePipelineApi(someLeads(), { 'GET /api/staff': () => Response.json(TEAM) });
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 1 results for "pune"')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Sneha Kulkarni']);
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Ravi Kumar'));
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Contacted');
    expect(listQueries(requests)).toContain('?q=pune&stage=stage-contacted&owner=s2&limit=50');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/leads/export.csv?q=pune&stage=stage-contacted&owner=s2');
  });

  it('offers no "Mine" in open mode, where no one is signed in', async () => {
    fakePipelineApi(someLeads(), { 'GET /api/staff': () => Response.json(TEAM) });
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={OPEN} />);
    await within(results()).findByText('Showing 4 results');
    await waitFor(() => expect(optionLabels(screen.getByLabelText('Owner'))).toEqual(['Anyone', 'Unassigned', 'Asha Rao', 'Ravi Kumar']));
    await userEvent.setup().selectOptions(screen.getByLabelText('Owner'), 'Unassigned');
    expect(await within(results()).findByText('Showing 1 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Aarav Sharma']);
    expect(window.location.search).toBe('?owner=none');
  });

  it('keeps an agent to "Mine" and "Unassigned": the team list is not theirs to read', async () => {
    const requests = fakePipelineApi(someLeads());
    renderWithQueryClient(<LeadManagement canTransferFiles={false} viewer={{ ...ADMIN, staff: { ...RAVI, role: 'agent' } }} />);
    await within(results()).findByText('Showing 4 results');
    expect(optionLabels(screen.getByLabelText('Owner'))).toEqual(['Anyone', 'Mine', 'Unassigned']);
    expect(requests.some((request) => new URL(request.url).pathname === '/api/staff')).toBe(false);
  });
});

describe('Tag filter', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the tags with their counts and filters by one on the server, kept in the URL', async () => {
    const user = userEvent.setup();
    const leads = someLeads().map((lead, index) => ({ ...lead, tags: index < 2 ? ['NRI'] : index === 2 ? ['nri', 'Hot'] : [] }));
    const requests = fakePipelineApi(leads, { 'GET /api/staff': () => Response.json(TEAM) });
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 4 results')).toBeInTheDocument();

    const tag = screen.getByLabelText('Tag');
    await waitFor(() => expect(optionLabels(tag)).toEqual(['Any tag', 'NRI (3)', 'Hot (1)']));
    await user.selectOptions(tag, 'Hot (1)');
    expect(await within(results()).findByText('Showing 1 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Sneha Kulkarni']);
    expect(window.location.search).toBe('?tag=hot');
    expect(listQueries(requests).at(-1)).toBe('?tag=hot&limit=50');
  });
});

describe('Source and creation-day filters', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the sources in use with their counts, any case as one, applied at once, with days in the viewer’s time zone, kept in the URL and the export', async () => {
    const user = userEvent.setup();
    const leads = someLeads().map((lead, index) => ({ ...lead, source: ['voice bot', 'Facebook', 'Voice Bot', 'voice bot'][index] }));
    const requests = fakePipelineApi(leads, { 'GET /api/staff': () => Response.json(TEAM) });
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 4 results')).toBeInTheDocument();

    const source = screen.getByLabelText('Source');
    await waitFor(() => expect(optionLabels(source)).toEqual(['Any source', 'voice bot (3)', 'Facebook (1)']));
    await user.selectOptions(source, 'voice bot (3)');
    expect(await within(results()).findByText('Showing 3 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Kavya Nair', 'Sneha Kulkarni', 'Aarav Sharma']);
    expect(window.location.search).toBe('?source=voice+bot');

    await user.type(screen.getByLabelText('Created from'), '2026-05-13');
    expect(await within(results()).findByText('Showing 2 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Kavya Nair', 'Sneha Kulkarni']);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(listQueries(requests).at(-1)).toBe(`?${new URLSearchParams({ source: 'voice bot', createdFrom: '2026-05-13', tz: timeZone, limit: '50' })}`);
    expect(screen.getByLabelText('Created to')).toHaveAttribute('min', '2026-05-13');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('createdFrom=2026-05-13');

    await user.selectOptions(source, 'Any source');
    expect(await within(results()).findByText('Showing 3 results')).toBeInTheDocument();
    expect(window.location.search).toBe('?createdFrom=2026-05-13');
  });

  it('shows a link’s source in another case as the source it names, and keeps one no lead has any more', async () => {
    window.history.replaceState(null, '', '/?source=VOICE%20BOT');
    const leads = someLeads().map((lead, index) => ({ ...lead, source: index === 0 ? 'web form' : 'Voice Bot' }));
    fakePipelineApi(leads, { 'GET /api/staff': () => Response.json(TEAM) });
    const { unmount } = renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 3 results')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Source')).toHaveDisplayValue('Voice Bot (3)'));
    unmount();

    window.history.replaceState(null, '', '/?source=Walk-in');
    renderWithQueryClient(<LeadManagement canTransferFiles viewer={ADMIN} />);
    expect(await within(results()).findByText('Showing 0 results')).toBeInTheDocument();
    await waitFor(() => expect(optionLabels(screen.getByLabelText('Source'))).toEqual(['Any source', 'Voice Bot (3)', 'web form (1)', 'Walk-in']));
    expect(screen.getByLabelText('Source')).toHaveDisplayValue('Walk-in');
  });
});
