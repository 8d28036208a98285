import type { Job, Lead, Session, StaffAccount } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../../testing/FakeEventSource';
import { leadPage } from '../../../../testing/apiStub';
import { fakePipelineApi } from '../../../../testing/fakePipelineApi';
import { aJob as aBulkJob } from '../../../../testing/jobFixtures';
import { giveLeadListHeight } from '../../../../testing/layout';
import { aLead } from '../../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadManagement } from '../../components/LeadManagement';

const member = (id: string, name: string): StaffAccount => ({ id, name, email: `${id}@example.in`, role: 'agent', available: true, createdAt: '2026-05-01T00:00:00.000Z' });
const TEAM = [member('agent-1', 'Riya Das'), member('agent-2', 'Vikram Singh')];
const OPEN_SESSION: Session = { authMode: 'open', staff: null, csrfToken: null };

/** `count` leads, newest first, the even ones tagged NRI. */
const someLeads = (count: number): Lead[] =>
  Array.from({ length: count }, (_, index) =>
    aLead({ _id: `l${count - index}`, name: `Lead ${count - index}`, tags: (count - index) % 2 === 0 ? ['NRI'] : [], createdAt: new Date(Date.UTC(2026, 4, 1) + (count - index) * 60_000).toISOString() }),
  );

/** The job the tests' bulk requests make: assigning two leads to Vikram Singh. */
const aJob = (overrides: Partial<Job> = {}): Job => aBulkJob({ action: { type: 'assign', ownerId: 'agent-2' }, total: 2, ...overrides });

/** The dashboard over `leads`, with POST /api/leads/bulk recording each request and answering with job-1. */
function renderDashboard(leads: Lead[], routes: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  const posted: unknown[] = [];
  const requests = fakePipelineApi(leads, {
    'GET /api/auth/me': () => Response.json(OPEN_SESSION),
    'GET /api/staff': () => Response.json(TEAM),
    'GET /api/views': () => Response.json([]),
    'POST /api/leads/bulk': async (request) => {
      const body = (await request.json()) as { ids?: string[] };
      posted.push(body);
      return Response.json({ id: 'job-1', total: body.ids?.length ?? leads.length }, { status: 202 });
    },
    'GET /api/jobs/job-1': () => Response.json(aJob({ status: 'queued' })),
    ...routes,
  });
  renderWithQueryClient(<LeadManagement canTransferFiles />);
  return { posted, requests };
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' });
const progress = () => screen.getByRole('progressbar', { name: /leads/ });
const emit = (job: Job) =>
  act(async () => {
    FakeEventSource.latest().emit('job.updated', job);
    // The live hook applies events together every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 250));
  });

describe('Bulk actions', { timeout: 20_000 }, () => {
  beforeEach(() => giveLeadListHeight(4000));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('assigns leads picked one by one and follows the job through its live events to the summary', async () => {
    const user = userEvent.setup();
    const { posted, requests } = renderDashboard(someLeads(3));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Select all 3 matching' })).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Assign owner' }));
    await user.selectOptions(await within(bar()).findByLabelText('New owner'), await within(bar()).findByRole('option', { name: 'Vikram Singh' }));
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(posted).toEqual([{ ids: ['l3', 'l1'], action: { type: 'assign', ownerId: 'agent-2' } }]));
    // The selection went with the job.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Lead 3' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Assign 2 leads to Vikram Singh' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuemax', '2');

    const listReads = () => requests.filter((request) => new URL(request.url).pathname === '/api/leads').length;
    const readsBefore = listReads();
    await emit(aJob({ processed: 1, changed: 1 }));
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    // The batch changed leads without an event for each: the list is read again.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));

    await emit(aJob({ status: 'succeeded', processed: 2, changed: 1, skipped: 1, finishedAt: '2026-05-20T10:00:02.000Z' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('1 changed, 1 skipped')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Assign 2 leads to Vikram Singh' })).not.toBeInTheDocument();
  });

  it('selects all leads matching the filter as the filter, and asks before changing more than 100', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/?tag=NRI');
    const { posted } = renderDashboard(someLeads(300));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 300' }));
    await user.click(within(bar()).getByRole('button', { name: 'Select all 150 matching' }));
    expect(within(bar()).getByText('150 selected')).toBeInTheDocument();
    expect(within(bar()).getByText(/all matching this filter/)).toBeInTheDocument();
    // Every card is in the selection, and none can be left out of a filter.
    expect(screen.getByRole('checkbox', { name: 'Select Lead 298' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Lead 298' })).toBeDisabled();

    await user.click(within(bar()).getByRole('button', { name: 'Change stage' }));
    await user.selectOptions(within(bar()).getByLabelText('New stage'), 'Contacted');
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    const question = within(bar()).getByRole('group', { name: 'Change stage of 150 leads to Contacted?' });
    expect(posted).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toEqual([{ filter: { status: 'all', tag: ['NRI'] }, action: { type: 'stage', stageId: 'stage-contacted' } }]));
  });

  it('does nothing when the question is answered Cancel', async () => {
    const user = userEvent.setup();
    const { posted } = renderDashboard(someLeads(120));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 120' }));
    await user.click(within(bar()).getByRole('button', { name: 'Select all 120 matching' }));
    await user.click(within(bar()).getByRole('button', { name: 'Archive' }));
    const question = within(bar()).getByRole('group', { name: 'Archive 120 leads?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(bar()).queryByRole('group')).not.toBeInTheDocument();
    expect(within(bar()).getByText('120 selected')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('asks why before moving leads to a lost stage', async () => {
    const user = userEvent.setup();
    const { posted } = renderDashboard(someLeads(2));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 2' }));
    await user.click(within(bar()).getByRole('button', { name: 'Change stage' }));
    await user.selectOptions(within(bar()).getByLabelText('New stage'), 'Lost');
    expect(within(bar()).queryByRole('option', { name: 'Old Stage' })).not.toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    expect(within(bar()).getByLabelText('Lost reason')).toHaveAccessibleDescription(/Lost reason is required/);
    expect(posted).toEqual([]);
    await user.type(within(bar()).getByLabelText('Lost reason'), 'Bought elsewhere');
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted).toEqual([{ ids: ['l2'], action: { type: 'stage', stageId: 'stage-lost', lostReason: 'Bought elsewhere' } }]));
  });

  it('adds and removes tags written with commas or semicolons, refusing what the contract refuses before sending', async () => {
    const user = userEvent.setup();
    const { posted } = renderDashboard(someLeads(2));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 2' }));
    await user.click(within(bar()).getByRole('button', { name: 'Add tags' }));
    await user.type(within(bar()).getByLabelText('Tags to add'), `hot; ${'x'.repeat(41)}`);
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    expect(within(bar()).getByLabelText('Tags to add')).toHaveAccessibleDescription(/Tags must be at most 40 characters/);
    await user.clear(within(bar()).getByLabelText('Tags to add'));
    await user.type(within(bar()).getByLabelText('Tags to add'), 'hot; NRI, HOT');
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted).toEqual([{ ids: ['l2'], action: { type: 'addTags', tags: ['hot', 'NRI'] } }]));
    expect(screen.getByRole('heading', { name: 'Add tags hot, NRI to 1 lead' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(within(bar()).getByRole('button', { name: 'Remove tags' }));
    await user.type(within(bar()).getByLabelText('Tags to remove'), 'cold');
    await user.click(within(bar()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ ids: ['l1'], action: { type: 'removeTags', tags: ['cold'] } });
  });

  it('clears the selection when the filter changes, and says so', async () => {
    const user = userEvent.setup();
    renderDashboard(someLeads(4));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 4' }));
    await user.selectOptions(screen.getByLabelText('Tag'), 'nri');
    expect(await screen.findByText('Selection cleared: the filter changed.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Select Lead 4' })).not.toBeChecked();
  });

  it('keeps the selection while more pages load', async () => {
    const user = userEvent.setup();
    const leads = someLeads(4);
    let secondPageAnswered = false;
    const { posted } = renderDashboard(leads, {
      // Two pages: the first names the second in its Link header, and the list asks for it as its end comes near.
      'GET /api/leads': (request) => {
        if (new URL(request.url).searchParams.get('cursor') !== 'p2') return leadPage(leads.slice(0, 2), 4, '/api/leads?cursor=p2');
        secondPageAnswered = true;
        return leadPage(leads.slice(2), 4);
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 4' }));
    await waitFor(() => expect(secondPageAnswered).toBe(true));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 1' }));
    expect(screen.getByRole('checkbox', { name: 'Select Lead 4' })).toBeChecked();
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(posted).toEqual([{ ids: ['l4', 'l1'], action: { type: 'archive' } }]));
  });

  it('reads the job every 1.5 s when no live event comes, and offers an export to download at the end', async () => {
    const user = userEvent.setup();
    let reads = 0;
    renderDashboard(someLeads(2), {
      'GET /api/jobs/job-1': () => {
        reads += 1;
        return Response.json(
          reads < 2
            ? aJob({ action: { type: 'export' }, processed: 1 })
            : aJob({ action: { type: 'export' }, status: 'succeeded', processed: 2, skipped: 2, download: '/api/jobs/job-1/export.csv' }),
        );
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lead 1' }));
    await user.click(within(bar()).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '1'));
    const link = await screen.findByRole('link', { name: 'Download leads.csv' });
    expect(link).toHaveAttribute('href', '/api/jobs/job-1/export.csv');
    expect(screen.getByText('2 leads exported')).toBeInTheDocument();
    const finalReads = reads;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(reads).toBe(finalReads);
  });

  it('keeps the bar moving forward when a read of the job answers after a later live event', async () => {
    const user = userEvent.setup();
    let answerRead: (() => void) | undefined;
    renderDashboard(someLeads(4), {
      'GET /api/jobs/job-1': async () => {
        // The read sees 1 of 4 done, but its answer is held back until the events have moved on.
        await new Promise<void>((resolve) => (answerRead = resolve));
        return Response.json(aJob({ total: 4, processed: 1 }));
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 4' }));
    await user.click(within(bar()).getByRole('button', { name: 'Select all 4 matching' }));
    await user.click(within(bar()).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(answerRead).toBeDefined());
    await emit(aJob({ total: 4, processed: 3 }));
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    await act(async () => {
      answerRead!();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
  });

  it('lists what a job refused and why a failed job stopped', async () => {
    const user = userEvent.setup();
    renderDashboard(someLeads(2));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 2' }));
    await user.click(within(bar()).getByRole('button', { name: 'Archive' }));
    await screen.findByRole('heading', { name: 'Archive 1 lead' });
    await emit(
      aJob({
        action: { type: 'archive' },
        status: 'failed',
        total: 1,
        processed: 1,
        skipped: 1,
        errors: [{ id: 'l2', line: null, field: null, message: 'Lead 2 was deleted meanwhile' }],
        error: 'The database went away',
      }),
    );
    expect(screen.getByText('0 changed, 1 skipped')).toBeInTheDocument();
    expect(screen.getByText('The job stopped: The database went away')).toBeInTheDocument();
    expect(screen.getByText('Lead 2 was deleted meanwhile')).toBeVisible();
  });

  it('says why the API refused to start the job, keeping the selection', async () => {
    const user = userEvent.setup();
    renderDashboard(someLeads(2), {
      'POST /api/leads/bulk': () => Response.json({ statusCode: 403, error: 'Forbidden', message: 'Only admins may archive leads in bulk' }, { status: 403 }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Lead 2' }));
    await user.click(within(bar()).getByRole('button', { name: 'Archive' }));
    expect(await within(bar()).findByRole('alert')).toHaveTextContent('The bulk action could not be started: Only admins may archive leads in bulk');
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
  });
});
