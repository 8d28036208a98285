import type { Session } from '@lead-desk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { sessionKey } from '../api/authApi';
import { SessionControls } from '../components/SessionControls';

const admin: Session = { authMode: 'staff', staff: { id: 's1', email: 'admin@example.in', name: 'Asha Rao', role: 'admin' }, csrfToken: 'csrf-1' };

describe('SessionControls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the dashboard is open in demo mode', () => {
    renderWithQueryClient(<SessionControls session={{ authMode: 'open', staff: null, csrfToken: null }} />);
    expect(screen.getByRole('note')).toHaveTextContent('Demo mode: the staff dashboard is open');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('warns in red, as an alert, when a production instance runs open', () => {
    renderWithQueryClient(<SessionControls session={{ authMode: 'open', staff: null, csrfToken: null, openInProduction: true }} />);
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Open in production: anyone who reaches this page can read, change and export every lead, manage staff and erase people.');
    expect(warning).toHaveClass('demo-banner--danger');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('names who is signed in; only admins manage staff', () => {
    const { unmount } = renderWithQueryClient(<SessionControls session={admin} />);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Asha Rao Admin');
    expect(screen.getByRole('button', { name: 'Manage staff' })).toBeInTheDocument();
    unmount();
    renderWithQueryClient(<SessionControls session={{ ...admin, staff: { ...admin.staff!, role: 'agent' } }} />);
    expect(screen.queryByRole('button', { name: 'Manage staff' })).not.toBeInTheDocument();
  });

  it('signs out and forgets every cached lead', async () => {
    stubApi({ 'POST /api/auth/sign-out': () => new Response(null, { status: 204 }) });
    const { queryClient } = renderWithQueryClient(<SessionControls session={admin} />);
    queryClient.setQueryData(sessionKey, admin);
    queryClient.setQueryData(['leads', 'list', { status: 'all', q: '' }], { pages: [] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(queryClient.getQueryData(sessionKey)).toBeNull());
    expect(queryClient.getQueryData(['leads', 'list', { status: 'all', q: '' }])).toBeUndefined();
  });

  it('lets an admin add a staff member and shows why a removal is refused', async () => {
    const team = [
      { id: 's1', email: 'admin@example.in', name: 'Asha Rao', role: 'admin', createdAt: '2026-05-01T00:00:00.000Z' },
      { id: 's2', email: 'ravi@example.in', name: 'Ravi Kumar', role: 'agent', createdAt: '2026-05-02T00:00:00.000Z' },
    ];
    const requests = stubApi({
      'GET /api/staff': () => Response.json(team),
      'POST /api/staff': () =>
        Response.json(
          { statusCode: 409, error: 'Conflict', message: 'A staff account for ravi@example.in exists already.', errors: [{ field: 'email', message: 'is taken' }] },
          { status: 409 },
        ),
      // Another admin removed the account a moment ago.
      'DELETE /api/staff/s2': () => Response.json({ statusCode: 404, error: 'Not Found', message: 'No staff account with id s2.' }, { status: 404 }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<SessionControls session={admin} />);
    await user.click(screen.getByRole('button', { name: 'Manage staff' }));
    expect(await screen.findByRole('dialog', { name: 'Staff accounts' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Asha Rao (you)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Asha Rao' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Ravi Kumar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not remove the account: No staff account with id s2.');

    await user.type(screen.getByLabelText('Name'), 'Meera Joshi');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.in');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is taken'));
    const added = requests.find((request) => request.method === 'POST')!;
    expect(await added.json()).toEqual({ name: 'Meera Joshi', email: 'ravi@example.in', role: 'agent', password: 'a long enough password' });
  });
});
