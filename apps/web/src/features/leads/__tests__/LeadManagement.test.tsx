import type { Lead, LeadStats } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadPage, stubApi } from '../../../testing/apiStub';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { giveLeadListHeight } from '../../../testing/layout';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadManagement } from '../components/LeadManagement';

const LEADS: Lead[] = [
  aLead({ _id: 'l3', name: 'Rohan Mehta', location: 'Pune', qualified: true, createdAt: '2026-05-14T10:00:00.000Z' }),
  aLead({ _id: 'l2', name: 'Sneha Kulkarni', location: 'Pune', qualified: false, createdAt: '2026-05-13T10:00:00.000Z' }),
  aLead({ _id: 'l1', name: 'Aarav Sharma', location: 'Mumbai', qualified: true, createdAt: '2026-05-12T10:00:00.000Z' }),
];

const STATS: LeadStats = {
  total: 3,
  qualified: 2,
  unqualified: 1,
  thisMonth: 3,
  lastMonth: 4,
  unqualifiedThisMonth: 19,
  unqualifiedLastMonth: 20,
  processedToday: 2,
};

/** The leads API over a fixed set of leads, filtering and searching as the server does. */
function stubLeadsApi(leads = LEADS, overrides: Record<string, (request: Request) => Response> = {}) {
  return stubApi({
    'GET /api/leads': (request) => {
      const params = new URL(request.url).searchParams;
      const status = params.get('status') ?? 'all';
      const q = (params.get('q') ?? '').toLowerCase();
      const matching = leads.filter(
        (lead) =>
          (status === 'all' || lead.qualified === (status === 'qualified')) &&
          [lead.name, lead.email, lead.location].some((value) => value?.toLowerCase().includes(q)),
      );
      return leadPage(matching.slice(0, Number(params.get('limit'))), matching.length);
    },
    'GET /api/leads/stats': () => Response.json(STATS),
    'GET /api/leads/stats/daily': () => Response.json([]),
    ...overrides,
  });
}

const results = () => screen.getByRole('region', { name: /^(All|Qualified|Unqualified) Leads$/ });
const cardNames = () => screen.queryAllByTestId('lead-card').map((card) => within(card).getByRole('heading').textContent);

describe('LeadManagement', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows the statistics, the agent status and the counts on the filters', async () => {
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(screen.getByRole('heading', { level: 3, name: 'Real Estate AI Agent' })).toBeInTheDocument();
    expect(screen.getByText('Lead Management Dashboard')).toBeInTheDocument();
    const stat = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).parentElement!;
    await waitFor(async () => expect(await stat('Total Leads')).toHaveTextContent('Total Leads3'));
    expect(await stat('Qualified')).toHaveTextContent('Qualified2');
    expect(await stat('Unqualified')).toHaveTextContent('Unqualified1-5% from last month');
    expect(await stat('This Month')).toHaveTextContent('This Month3');
    const agent = screen.getByRole('region', { name: 'AI Agent Status' });
    expect(agent).toHaveTextContent('Active');
    expect(agent).toHaveTextContent('Processed Today2');
    expect(screen.getByRole('button', { name: 'All Leads (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Qualified (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unqualified (1)' })).toBeInTheDocument();
  });

  it('asks for the stats in the browser time zone', async () => {
    const requests = stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await screen.findByRole('button', { name: 'All Leads (3)' });
    const statsRequest = requests.find((request) => new URL(request.url).pathname === '/api/leads/stats')!;
    expect(new URL(statsRequest.url).searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('lists the leads newest first under a heading that follows the filter, kept in the URL', async () => {
    const user = userEvent.setup();
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(await within(results()).findByText('Showing 3 results')).toBeInTheDocument();
    expect(within(results()).getByRole('heading', { name: 'All Leads' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta', 'Sneha Kulkarni', 'Aarav Sharma']);

    await user.click(screen.getByRole('button', { name: 'Qualified (2)' }));
    expect(await within(results()).findByText('Showing 2 results')).toBeInTheDocument();
    expect(within(results()).getByRole('heading', { name: 'Qualified Leads' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta', 'Aarav Sharma']);
    expect(window.location.search).toBe('?status=qualified');

    await user.click(screen.getByRole('button', { name: 'Unqualified (1)' }));
    expect(await within(results()).findByRole('heading', { name: 'Unqualified Leads' })).toBeInTheDocument();
    expect(await within(results()).findByText('Showing 1 results')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, with counts and the term in the results line', async () => {
    const user = userEvent.setup();
    const requests = stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await within(results()).findByText('Showing 3 results');

    await user.type(screen.getByPlaceholderText('Search leads...'), 'pune');
    expect(await within(results()).findByText('Showing 2 results for "pune"')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta', 'Sneha Kulkarni']);
    expect(window.location.search).toBe('?q=pune');
    expect(await screen.findByRole('button', { name: 'All Leads (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Qualified (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unqualified (1)' })).toBeInTheDocument();
    // One list request for the whole word, not one per key.
    const searches = requests.filter((request) => new URL(request.url).searchParams.get('limit') !== '1' && new URL(request.url).searchParams.has('q'));
    expect(searches.map((request) => new URL(request.url).searchParams.get('q'))).toEqual(['pune']);
  });

  it('opens the view a shared link describes', async () => {
    window.history.replaceState(null, '', '/?status=unqualified&q=pun');
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(await within(results()).findByText('Showing 1 results for "pun"')).toBeInTheDocument();
    expect(within(results()).getByRole('heading', { name: 'Unqualified Leads' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search leads...')).toHaveValue('pun');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/leads/export.csv?status=unqualified&q=pun');
  });

  it("opens a linked lead's details (?lead=<id>, as the import's preview links it), and closing them leaves the list", async () => {
    window.history.replaceState(null, '', '/?lead=l1');
    stubLeadsApi(LEADS, { 'GET /api/leads/l1': () => Response.json({ ...LEADS[2], calls: [] }) });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    const details = await screen.findByRole('dialog', { name: 'Aarav Sharma' });
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
  });

  it('says when a linked lead cannot be opened', async () => {
    window.history.replaceState(null, '', '/?lead=gone');
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not open the linked lead');
  });

  it('shows the empty state for a search that finds nothing', async () => {
    window.history.replaceState(null, '', '/?q=goa');
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(await screen.findByText('No leads match "goa"')).toBeInTheDocument();
    expect(within(results()).getByText('Showing 0 results for "goa"')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No leads found' })).toBeInTheDocument();
  });

  it('opens the add-lead form from the empty state', async () => {
    stubLeadsApi([]);
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    expect(await screen.findByText('No leads match the current filter')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Your First Lead' }));
    expect(await screen.findByRole('dialog', { name: 'Add Lead' })).toBeInTheDocument();
  });

  it('tells the user when the leads cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failures = 1;
    stubLeadsApi(LEADS, {
      'GET /api/leads': () =>
        failures-- > 0
          ? Response.json({ statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable.' }, { status: 503 })
          : leadPage(LEADS),
    });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    const alert = await within(results()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load leads');
    expect(alert).toHaveTextContent('The database is unavailable.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(results()).findByText('Showing 3 results')).toBeInTheDocument();
  });

  it('hides import and export from staff who may not use them', async () => {
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles={false} />);
    await within(results()).findByText('Showing 3 results');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Lead' })).toBeInTheDocument();
  });

  it('puts a lead announced by the live stream at the top, highlighted, and counts it', async () => {
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await within(results()).findByText('Showing 3 results');
    const arrived = aLead({ _id: 'l4', name: 'Kavya Nair', qualified: false, createdAt: '2026-05-15T08:00:00.000Z' });
    act(() => FakeEventSource.latest().emit('lead.created', arrived));
    expect(await within(results()).findByText('Showing 4 results')).toBeInTheDocument();
    expect(cardNames()[0]).toBe('Kavya Nair');
    expect(screen.getAllByTestId('lead-card')[0]).toHaveAttribute('data-highlighted', 'true');
    expect(FakeEventSource.latest().url).toBe('/api/events');
  });

  it('reads the dashboard again when the live stream is refused, so the reason shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await within(results()).findByText('Showing 3 results');
    const listReads = () => requests.filter((request) => new URL(request.url).pathname === '/api/leads').length;
    const before = listReads();
    act(() => FakeEventSource.latest().refuse());
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Live updates stopped'));
  });

  it('updates a listed lead in place when the live stream says it changed', async () => {
    stubLeadsApi();
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await within(results()).findByText('Showing 3 results');
    act(() => FakeEventSource.latest().emit('lead.updated', { ...LEADS[1], qualified: true, timeline: 'Next week' }));
    const card = (await screen.findByText('Next week')).closest('[data-testid="lead-card"]') as HTMLElement;
    expect(within(card).getByRole('heading')).toHaveTextContent('Sneha Kulkarni');
    expect(within(card).getByText('Qualified')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Rohan Mehta', 'Sneha Kulkarni', 'Aarav Sharma']);
  });
});
