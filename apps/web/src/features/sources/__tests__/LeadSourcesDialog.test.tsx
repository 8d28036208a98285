import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadSource, LeadSourceKey } from '@lead-desk/contracts';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadSourcesDialog } from '../components/LeadSourcesDialog';

const PORTAL: LeadSource = {
  id: 'source-1',
  name: '99acres',
  kind: 'api',
  builtIn: false,
  defaultOwner: null,
  autoCall: null,
  callsNewLeads: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  archivedAt: null,
  leadsToday: 3,
  leadsThisWeek: 12,
  lastLeadAt: '2026-11-28T04:00:00.000Z',
  lastError: { reason: 'revoked_key', message: 'A revoked API key (ldk_abcdefgh…) was used', at: '2026-11-28T03:00:00.000Z' },
};
const WEB_FORM: LeadSource = { ...PORTAL, id: 'source-web-form', name: 'web form', kind: 'callback_form', builtIn: true, leadsToday: 0, leadsThisWeek: 0, lastLeadAt: null, lastError: null };
const KEY: LeadSourceKey = { id: 'key-1', prefix: 'ldk_abcdefgh', label: null, createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null, revokedAt: null };

describe('LeadSourcesDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each source’s counts and last error, sets its switch, sends a test lead, and shows a new key once with a copy button', async () => {
    const requests = stubApi({
      'GET /api/lead-sources': () => Response.json([WEB_FORM, PORTAL]),
      'GET /api/staff': () => Response.json([{ id: 'staff-1', email: 'ravi@example.in', name: 'Ravi', role: 'agent', available: true, createdAt: '2026-11-20T10:00:00.000Z' }]),
      'GET /api/settings/staff-leads': () => Response.json({ autoCall: null }),
      'GET /api/lead-sources/source-1/keys': () => Response.json([KEY]),
      'PATCH /api/lead-sources/source-1': () => Response.json({ ...PORTAL, autoCall: true, callsNewLeads: true }),
      'POST /api/lead-sources/source-1/test-lead': () => Response.json({ leadId: 'lead-1', created: true, firstCallAt: null, callNote: 'A test lead: the agent does not call it.', test: true }, { status: 201 }),
      'POST /api/lead-sources/source-1/keys': () => Response.json({ ...KEY, id: 'key-2', prefix: 'ldk_zyxwvuts', key: 'ldk_zyxwvuts-the-whole-secret' }, { status: 201 }),
      'DELETE /api/lead-sources/source-1/keys/key-1': () => new Response(null, { status: 204 }),
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithQueryClient(<LeadSourcesDialog onClose={vi.fn()} />);

    const portal = await screen.findByRole('article', { name: '99acres' });
    expect(within(portal).getByText('Leads today', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3');
    expect(within(portal).getByText('This week', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12');
    expect(within(portal).getByText('Last error', { selector: 'dt' }).nextElementSibling).toHaveTextContent('A revoked API key (ldk_abcdefgh…) was used');
    // A built-in source has no keys and cannot be removed.
    const webForm = screen.getByRole('article', { name: 'web form' });
    expect(within(webForm).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(webForm).queryByRole('region', { name: 'API keys' })).not.toBeInTheDocument();

    await user.selectOptions(within(portal).getByRole('combobox', { name: /The agent calls new leads/ }), 'On');
    await user.click(within(portal).getByRole('button', { name: 'Send a test lead' }));
    expect(await within(portal).findByText('Test lead made: it is never called.')).toBeInTheDocument();

    const keys = within(portal).getByRole('region', { name: 'API keys' });
    expect(await within(keys).findByText('ldk_abcdefgh…')).toBeInTheDocument();
    await user.click(within(keys).getByRole('button', { name: 'Create a key' }));
    expect(await within(keys).findByText('ldk_zyxwvuts-the-whole-secret')).toBeInTheDocument();
    await user.click(within(keys).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('ldk_zyxwvuts-the-whole-secret');
    await user.click(within(keys).getByRole('button', { name: 'Revoke ldk_abcdefgh…' }));

    const changes = requests.filter((request) => request.method !== 'GET');
    expect(changes.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'PATCH /api/lead-sources/source-1',
      'POST /api/lead-sources/source-1/test-lead',
      'POST /api/lead-sources/source-1/keys',
      'DELETE /api/lead-sources/source-1/keys/key-1',
    ]);
    expect(await changes[0].json()).toEqual({ autoCall: true });
  });
});
