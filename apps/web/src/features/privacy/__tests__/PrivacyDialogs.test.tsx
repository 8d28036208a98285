import type { AccessLogEntry, Erasure } from '@lead-desk/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { AccessLogDialog } from '../components/AccessLogDialog';
import { PersonalDataDialog } from '../components/PersonalDataDialog';

const VIEWED: AccessLogEntry = { id: 'entry-2', at: '2026-11-20T10:05:00.000Z', actor: { id: 'staff-1', name: 'Neha' }, action: 'lead_viewed', leadId: 'lead-1', targetIds: [], details: {} };
const EXPORTED: AccessLogEntry = {
  id: 'entry-1',
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 'staff-2', name: 'Asha Admin' },
  action: 'leads_exported',
  leadId: null,
  targetIds: [],
  details: { filter: { status: 'qualified' }, rows: 12 },
};
const TEAM = [
  { id: 'staff-1', name: 'Neha', email: 'neha@example.in', role: 'agent', available: true, createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 'staff-2', name: 'Asha Admin', email: 'asha@example.in', role: 'admin', available: true, createdAt: '2026-11-01T00:00:00.000Z' },
];

describe('AccessLogDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who did what, newest first, pages on, and filters by action and by who', async () => {
    const requests = stubApi({
      'GET /api/staff': () => Response.json(TEAM),
      'GET /api/audit': (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('action') === 'leads_exported') return Response.json([EXPORTED]);
        if (query.get('actor') === 'staff-1') return Response.json([VIEWED]);
        if (query.get('cursor')) return Response.json([EXPORTED]);
        return Response.json([VIEWED], { headers: { Link: '</api/audit?limit=50&cursor=next>; rel="next"' } });
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<AccessLogDialog onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Access log' });
    expect(await within(dialog).findByRole('cell', { name: 'Opened a lead' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'lead-1' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByRole('cell', { name: 'Exported leads' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'filter: status=qualified, rows: 12' })).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'Exported leads');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Who' }), 'Neha');
    const audits = requests.filter((request) => new URL(request.url).pathname === '/api/audit').map((request) => new URL(request.url).search);
    expect(audits).toContain('?limit=50&action=leads_exported');
    expect(audits.at(-1)).toBe('?limit=50&action=leads_exported&actor=staff-1');
  });
});

describe('PersonalDataDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('erases a person after confirming, reading a phone or an email from one field, and says what was erased', async () => {
    const erased: Erasure = {
      id: 'erasure-1',
      at: '2026-11-20T10:00:00.000Z',
      requestedBy: 'ticket 42',
      carriedOutBy: 'staff-2',
      records: { leadIds: ['lead-1'], callIds: ['call-1', 'call-2'], deleted: { leads: 1, calls: 2 } },
      vapiDeletions: [],
    };
    const requests = stubApi({ 'POST /api/privacy/erasure': () => Response.json(erased) });
    vi.stubGlobal('confirm', vi.fn(() => true));
    const user = userEvent.setup();
    renderWithQueryClient(<PersonalDataDialog onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a phone number or an email.');
    await user.type(screen.getByRole('textbox', { name: 'Phone or email' }), '98600 00201');
    await user.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say who asked for the erasure.');
    await user.type(screen.getByRole('textbox', { name: 'Who asked (for the erasure record)' }), 'ticket 42');
    await user.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Erased 1 lead and 2 calls; Vapi is asked to delete the calls until it confirms.');
    expect(window.confirm).toHaveBeenCalledWith('Erase everything about 98600 00201? Their leads, calls, notes and activity are deleted for good.');
    expect(await requests[0].json()).toEqual({ phone: '98600 00201', requestedBy: 'ticket 42' });
  });

  it('names the API’s refusal, and erases nothing without confirmation', async () => {
    const requests = stubApi({
      'POST /api/privacy/erasure': () => Response.json({ statusCode: 404, error: 'Not Found', message: 'Nobody with that phone number or email is stored.' }, { status: 404 }),
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    renderWithQueryClient(<PersonalDataDialog onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Phone or email' }), 'nobody@example.in');
    await user.type(screen.getByRole('textbox', { name: 'Who asked (for the erasure record)' }), 'ticket 43');
    await user.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(requests).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nobody with that phone number or email is stored.');
    expect(await requests[0].json()).toEqual({ email: 'nobody@example.in', requestedBy: 'ticket 43' });
  });
});
