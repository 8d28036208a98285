import type { Session, StaffAccount } from '@lead-desk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

const member = (id: string, name: string, role: 'admin' | 'agent'): StaffAccount => ({
  id,
  name,
  email: `${id}@example.in`,
  role,
  available: true,
  createdAt: '2026-05-01T00:00:00.000Z',
});
const TEAM = [member('admin-1', 'Asha Rao', 'admin'), member('agent-1', 'Riya Das', 'agent'), member('agent-2', 'Vikram Singh', 'agent')];
const ADMIN: Session = { authMode: 'staff', staff: TEAM[0], csrfToken: 'csrf-1' };
const AGENT: Session = { authMode: 'staff', staff: TEAM[1], csrfToken: 'csrf-1' };

/** PATCH and archive as the server answers them: the owner named by id, the version bumped. */
const routes = {
  'PATCH /api/leads/lead-1': async (request: Request) => {
    const { ownerId } = (await request.json()) as { ownerId: string | null };
    const owner = TEAM.find((candidate) => candidate.id === ownerId);
    return Response.json({ ...LEAD, owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null, version: 4 });
  },
  'POST /api/leads/lead-1/archive': () => Response.json({ ...LEAD, archived: true, version: 4 }),
  'GET /api/staff': () => Response.json(TEAM),
};

describe('The owner and the archive', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets an admin give the lead to anyone of the team', async () => {
    const requests = stubDetailsApi({ session: ADMIN }, routes);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const owner = await screen.findByLabelText('Owner');
    await waitFor(() => expect([...(owner as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Unassigned', 'Asha Rao', 'Riya Das', 'Vikram Singh']));
    await user.selectOptions(owner, 'Vikram Singh');
    await waitFor(() => expect(owner).toHaveValue('agent-2'));
    const [patch] = requestsTo(requests, 'PATCH /api/leads/lead-1');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(await patch.json()).toEqual({ ownerId: 'agent-2' });
  });

  it('lets an agent, who cannot list the team, take an unassigned lead', async () => {
    const requests = stubDetailsApi({ session: AGENT }, routes);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByRole('button', { name: 'Unassign' })).toBeInTheDocument();
    expect(screen.getByText('Riya Das')).toBeInTheDocument();
    expect(await requestsTo(requests, 'PATCH /api/leads/lead-1')[0].json()).toEqual({ ownerId: 'agent-1' });
    expect(requestsTo(requests, 'GET /api/staff')).toHaveLength(0);
  });

  it('archives the lead against the version shown and says it is archived', async () => {
    const requests = stubDetailsApi({}, routes);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(screen.getByText(/Archived: this lead is left out of lists/)).toBeInTheDocument();
    expect(requestsTo(requests, 'POST /api/leads/lead-1/archive')[0].headers.get('If-Match')).toBe('"3"');
  });
});
