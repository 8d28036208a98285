import type { LeadConsent } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

const CONSENT: LeadConsent = {
  id: 'consent-1',
  leadId: 'lead-1',
  channel: 'voice_call',
  purpose: 'Calls about properties that match their enquiry',
  wording: 'Yes, you can call me.',
  givenAt: '2026-11-20T10:00:00.000Z',
  evidence: { kind: 'voice_call', callId: 'call-1', vapiCallId: 'vapi-1', transcriptLines: ['Yes, you can call me.'] },
  withdrawnAt: null,
  withdrawnVia: null,
  withdrawnEvidence: null,
};

describe('The lead’s calling rules', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the lead Do Not Call with a reason (against the version shown), and says why calls are refused', async () => {
    const requests = stubDetailsApi(
      {},
      {
        'PATCH /api/leads/lead-1': async (request) => Response.json({ ...LEAD, ...((await request.json()) as object), version: 4 }),
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const rules = await screen.findByRole('region', { name: 'Calling rules' });
    expect(await within(rules).findByText('Calls allowed now.')).toBeInTheDocument();

    await user.click(within(rules).getByRole('button', { name: 'Mark Do Not Call' }));
    await user.click(within(rules).getByRole('button', { name: 'Mark Do Not Call' }));
    expect(await within(rules).findByText('Reason is required')).toBeInTheDocument();
    expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toEqual([]);

    await user.type(within(rules).getByLabelText('Reason'), 'Complained by email');
    await user.click(within(rules).getByRole('button', { name: 'Mark Do Not Call' }));
    await waitFor(() => expect(requestsTo(requests, 'PATCH /api/leads/lead-1')).toHaveLength(1));
    const [patch] = requestsTo(requests, 'PATCH /api/leads/lead-1');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(await patch.json()).toEqual({ doNotCall: true, doNotCallReason: 'Complained by email' });
  });

  it('shows a Do Not Call lead with its reason and the refusal, and lists consents with a withdraw button', async () => {
    const reason = 'This lead is Do Not Call: Asked on a call.';
    const requests = stubDetailsApi(
      { lead: { ...LEAD, doNotCall: true, doNotCallReason: 'Asked on a call', calls: [] } },
      {
        'GET /api/leads/lead-1/call-eligibility': () => Response.json({ allowed: false, code: 'do_not_call', reason, nextAllowedAt: null }),
        'GET /api/leads/lead-1/consents': () => Response.json([CONSENT]),
        'POST /api/leads/lead-1/consents/consent-1/withdraw': () => Response.json({ ...CONSENT, withdrawnAt: '2026-11-21T10:00:00.000Z', withdrawnVia: 'staff' }),
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={{ ...LEAD, doNotCall: true, doNotCallReason: 'Asked on a call' }} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const rules = await screen.findByRole('region', { name: 'Calling rules' });
    expect(await within(rules).findByText(reason)).toBeInTheDocument();
    expect(within(rules).getByText(/Do Not Call: Asked on a call$/)).toBeInTheDocument();
    expect(within(rules).getByRole('button', { name: 'Allow calls again' })).toBeInTheDocument();
    const consent = await within(rules).findByRole('listitem');
    expect(consent).toHaveTextContent('“Yes, you can call me.”');
    expect(consent).toHaveTextContent('Given on a call');
    await user.click(within(consent).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requestsTo(requests, 'POST /api/leads/lead-1/consents/consent-1/withdraw')).toHaveLength(1));
  });
});
