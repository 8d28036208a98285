import type { LeadMatch } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLead } from '../../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { AddLeadDialog } from '../../components/AddLeadDialog';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from '../details/detailsApi';

const AARAV = { _id: 'lead-9', name: 'Aarav Sharma', phone: '+919876543210', email: 'aarav@example.in' };
const phoneMatch: LeadMatch = { field: 'phone', reason: 'same_phone', lead: AARAV };
const CONFLICT = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Lead lead-9 already has this phone number: open it, or send allowDuplicate: true to add this lead as its possible duplicate.',
  errors: [{ field: 'phone', message: 'is the phone of lead lead-9' }],
  existingLeadId: 'lead-9',
};

/** The warning's live region: polite, always in the form. */
const warning = () => screen.getByRole('dialog', { name: 'Add Lead' }).querySelector<HTMLElement>('.duplicate-warning')!;

function renderAddLead() {
  const onAdded = vi.fn();
  renderWithQueryClient(<AddLeadDialog onClose={vi.fn()} onAdded={onAdded} />);
  return { onAdded, user: userEvent.setup() };
}

describe('Add Lead over a stored phone or email', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the lead with that number before saving, once typing pauses, and announces it politely', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/matches': () => Response.json([phoneMatch]) });
    const { user } = renderAddLead();
    expect(warning()).toHaveAttribute('role', 'status');
    await user.type(screen.getByLabelText('Phone'), '098765 43210');
    expect(await within(warning()).findByText(/^Aarav Sharma already has this number:/)).toBeInTheDocument();
    expect(warning()).toHaveTextContent('Aarav Sharma already has this number: open / add anyway');
    // Asked once the typing stopped, not for every key.
    const asked = requestsTo(requests, 'GET /api/leads/matches');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0].url).searchParams.get('phone')).toBe('098765 43210');
    expect(new URL(asked[0].url).searchParams.has('email')).toBe(false);
  });

  it('says "this email" for an email, and both for a lead with both; a lead out of sight is named by nothing', async () => {
    stubDetailsApi(
      {},
      {
        'GET /api/leads/matches': () =>
          Response.json([
            { field: 'email', reason: 'gmail_variant', lead: AARAV },
            { field: 'phone', reason: 'same_phone', lead: AARAV },
            { field: 'phone', reason: 'same_phone', lead: null },
          ] satisfies LeadMatch[]),
      },
    );
    const { user } = renderAddLead();
    await user.type(screen.getByLabelText('Email'), 'aarav.sharma+homes@gmail.com');
    await user.type(screen.getByLabelText('Phone'), '+91 98765 43210');
    const lines = await within(warning()).findAllByText(/already has/);
    expect(lines.map((line) => line.textContent)).toEqual([
      'Aarav Sharma already has this number and this email (Gmail ignores dots and +tags): open',
      'A lead you cannot see already has this number: add anyway',
    ]);
    expect(within(warning()).getAllByRole('button', { name: /^open/ })).toHaveLength(1);
  });

  it('says "this email" for a lead with the same email', async () => {
    stubDetailsApi({}, { 'GET /api/leads/matches': () => Response.json([{ field: 'email', reason: 'same_email', lead: AARAV }] satisfies LeadMatch[]) });
    const { user } = renderAddLead();
    await user.type(screen.getByLabelText('Email'), 'Aarav@example.in');
    expect(await within(warning()).findByText(/already has/)).toHaveTextContent('Aarav Sharma already has this email: open / add anyway');
  });

  it('looks nothing up for text that cannot be a phone or an email yet', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/matches': () => Response.json([]) });
    const { user } = renderAddLead();
    await user.type(screen.getByLabelText('Phone'), '98');
    await user.type(screen.getByLabelText('Email'), 'aarav@');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requestsTo(requests, 'GET /api/leads/matches')).toHaveLength(0);
  });

  it('"open" opens that lead\'s details over the form, which keeps what was typed', async () => {
    stubDetailsApi({ lead: { ...LEAD, ...AARAV, _id: 'lead-1', calls: [] } }, { 'GET /api/leads/matches': () => Response.json([{ ...phoneMatch, lead: { ...AARAV, _id: 'lead-1' } }]) });
    const { user } = renderAddLead();
    await user.type(screen.getByLabelText('Name'), 'Rahul Verma');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(await within(warning()).findByRole('button', { name: 'open Aarav Sharma' }));
    const details = await screen.findByRole('dialog', { name: 'Aarav Sharma' });
    expect(await within(details).findByText('No calls yet.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aarav Sharma' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Rahul Verma');
    expect(within(warning()).getByRole('button', { name: 'open Aarav Sharma' })).toHaveFocus();
  });

  it('"add anyway" makes the lead with allowDuplicate', async () => {
    const created = aLead({ _id: 'lead-new', name: 'Rahul Verma' });
    const requests = stubDetailsApi({}, { 'GET /api/leads/matches': () => Response.json([phoneMatch]), 'POST /api/leads': () => Response.json(created, { status: 201 }) });
    const { user, onAdded } = renderAddLead();
    await user.type(screen.getByLabelText('Name'), 'Rahul Verma');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(await within(warning()).findByRole('button', { name: 'add anyway' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(await requestsTo(requests, 'POST /api/leads')[0].json()).toEqual({ name: 'Rahul Verma', phone: '9876543210', qualified: false, allowDuplicate: true });
  });

  it('"add anyway" checks the fields as Add Lead does, and sends nothing while one is wrong', async () => {
    const requests = stubDetailsApi({}, { 'GET /api/leads/matches': () => Response.json([phoneMatch]) });
    const { user } = renderAddLead();
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(await within(warning()).findByRole('button', { name: 'add anyway' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required'));
    expect(requestsTo(requests, 'POST /api/leads')).toHaveLength(0);
  });

  it('a 409 (a lead stored meanwhile) shows the same choice, focused, and "add anyway" then makes the lead', async () => {
    let stored = false;
    const created = aLead({ _id: 'lead-new', name: 'Rahul Verma' });
    const requests = stubDetailsApi(
      {},
      {
        'GET /api/leads/matches': () => Response.json(stored ? [phoneMatch] : []),
        'POST /api/leads': async (request) => {
          if (!(await request.json()).allowDuplicate) return Response.json(CONFLICT, { status: 409 });
          return Response.json(created, { status: 201 });
        },
      },
    );
    const { user, onAdded } = renderAddLead();
    await user.type(screen.getByLabelText('Name'), 'Rahul Verma');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await waitFor(() => expect(requestsTo(requests, 'GET /api/leads/matches')).toHaveLength(1));
    // A colleague adds Aarav with that number before this form is saved.
    stored = true;
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    await waitFor(() => expect(within(warning()).getByRole('button', { name: 'open Aarav Sharma' })).toHaveFocus());
    expect(warning()).toHaveTextContent('Aarav Sharma already has this number: open / add anyway');
    // Not shown as a fault of the phone field: it is a choice.
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();

    await user.click(within(warning()).getByRole('button', { name: 'add anyway' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
  });
});

describe("Editing a lead over another lead's phone or email", { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the other lead (the edited one left out) with "open" only, and saves as usual', async () => {
    const requests = stubDetailsApi(
      {},
      {
        'GET /api/leads/matches': () => Response.json([phoneMatch]),
        'PATCH /api/leads/lead-1': async (request) => Response.json({ ...LEAD, ...(await request.json()), version: 4 }),
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit lead' }));
    // The lead's own phone and email, unchanged, are not looked up.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requestsTo(requests, 'GET /api/leads/matches')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    const form = screen.getByRole('button', { name: 'Save changes' }).closest('form')!;
    expect(await within(form).findByText(/^Aarav Sharma already has this number/)).toHaveTextContent('Aarav Sharma already has this number: open');
    expect(within(form).queryByRole('button', { name: 'add anyway' })).not.toBeInTheDocument();
    const asked = new URL(requestsTo(requests, 'GET /api/leads/matches')[0].url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ phone: '9876543210', exceptId: 'lead-1' });

    const pairsRead = requestsTo(requests, 'GET /api/leads/duplicates').length;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toHaveLength(1));
    expect(await requestsTo(requests, 'PATCH /api/leads/lead-1')[0].json()).toEqual({ phone: '9876543210' });
    // The API pairs the two: the lead's possible duplicates are read again.
    await waitFor(() => expect(requestsTo(requests, 'GET /api/leads/duplicates').length).toBeGreaterThan(pairsRead));
  });
});
