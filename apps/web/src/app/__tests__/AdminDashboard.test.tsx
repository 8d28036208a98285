import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadPage, stubApi } from '../../testing/apiStub';
import { giveLeadListHeight } from '../../testing/layout';
import { aLead } from '../../testing/leadFixtures';
import { AdminDashboard } from '../AdminDashboard';
import { createQueryClient } from '../queryClient';

const STATS = { total: 1, qualified: 1, unqualified: 0, thisMonth: 1, lastMonth: 0, unqualifiedThisMonth: 0, unqualifiedLastMonth: 0, processedToday: 0 };
const AGENT = { authMode: 'staff', staff: { id: 's2', email: 'ravi@example.in', name: 'Ravi Kumar', role: 'agent' }, csrfToken: 'csrf-2' };
const NO_TASKS = {
  'GET /api/tasks': () => Response.json([], { headers: { 'X-Total-Count': '0' } }),
  'GET /api/calendar': () => Response.json({ from: '2026-11-23', to: '2026-11-29', timeZone: 'UTC', agents: [], truncated: false }),
};
const SIGN_IN_FIRST = () => Response.json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in to continue.' }, { status: 401 });

function renderDashboard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminDashboard />
    </QueryClientProvider>,
  );
}

describe('AdminDashboard in staff mode', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the fixed figures, a sign-in form until the API lets the visitor in, and again after sign-out', async () => {
    let signedIn = false;
    stubApi({
      'GET /api/auth/me': () => (signedIn ? Response.json(AGENT) : SIGN_IN_FIRST()),
      'POST /api/auth/sign-in': () => {
        signedIn = true;
        return Response.json(AGENT);
      },
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
      'GET /api/leads': () => (signedIn ? leadPage([aLead()]) : SIGN_IN_FIRST()),
      'GET /api/leads/stats': () => Response.json(STATS),
      'GET /api/leads/stats/daily': () => Response.json([]),
      ...NO_TASKS,
    });
    const user = userEvent.setup();
    renderDashboard();
    expect(screen.getByRole('heading', { level: 2, name: 'Real eState Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Real-time lead management and analytics')).toBeInTheDocument();
    for (const [label, value] of [['Growth', '24%'], ['Revenue', '₹2.4Cr'], ['Active', '127']]) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByTestId('lead-card')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ravi@example.in');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('lead-card')).toBeInTheDocument();
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Ravi Kumar');
    // The member's own follow-ups, above the leads.
    expect(await screen.findByRole('heading', { name: 'Due today (0)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overdue (0)' })).toBeInTheDocument();
    // Agents may not import or export, nor open the webhook inbox or WhatsApp's settings.
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Webhook inbox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'WhatsApp' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByTestId('lead-card')).not.toBeInTheDocument();
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
  });

  it('goes back to the sign-in form when the session ends while the dashboard is open', async () => {
    let sessionEnded = false;
    stubApi({
      'GET /api/auth/me': () => (sessionEnded ? SIGN_IN_FIRST() : Response.json(AGENT)),
      'GET /api/leads': () => (sessionEnded ? SIGN_IN_FIRST() : leadPage([aLead()])),
      'GET /api/leads/stats': () => (sessionEnded ? SIGN_IN_FIRST() : Response.json(STATS)),
      'GET /api/leads/stats/daily': () => Response.json([]),
      ...NO_TASKS,
      'GET /api/leads/lead-1': () => SIGN_IN_FIRST(),
    });
    renderDashboard();
    await screen.findByTestId('lead-card');
    sessionEnded = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('lead-card')).not.toBeInTheDocument());
  });
});
