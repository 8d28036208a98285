import type { CallRecord } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadPage, stubApi } from '../../../testing/apiStub';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { giveLeadListHeight } from '../../../testing/layout';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadManagement } from '../components/LeadManagement';

const LEAD = aLead({ _id: 'lead-1', name: 'Rohan Mehta', phone: '+919820198765' });
const STATS = { total: 1, qualified: 1, unqualified: 0, thisMonth: 1, lastMonth: 0, unqualifiedThisMonth: 0, unqualifiedLastMonth: 0, processedToday: 0 };

function callRecord(status: string, overrides: Partial<CallRecord> = {}): CallRecord {
  return {
    id: 'call-1',
    vapiCallId: 'vapi-1',
    leadId: 'lead-1',
    type: 'outboundPhoneCall',
    status,
    endedReason: null,
    customerNumber: '+919820198765',
    startedAt: null,
    endedAt: null,
    durationSeconds: null,
    cost: null,
    summary: null,
    transcript: null,
    recordingUrl: null,
    structuredData: null,
    structuredOutputs: null,
    successEvaluation: null,
    createdAt: '2026-05-14T10:00:00.000Z',
    updatedAt: '2026-05-14T10:00:00.000Z',
    ...overrides,
  };
}

function stubDashboard(placeCall: (request: Request) => Response, lead = LEAD) {
  return stubApi({
    'GET /api/leads': () => leadPage([lead]),
    'GET /api/leads/stats': () => Response.json(STATS),
    'GET /api/leads/stats/daily': () => Response.json([]),
    'POST /api/calls': placeCall,
    'GET /api/calls/call-1': () => Response.json(callRecord('queued')),
  });
}

async function openCallDialog() {
  const user = userEvent.setup();
  renderWithQueryClient(<LeadManagement canTransferFiles />);
  await user.click(await screen.findByRole('button', { name: 'Call To Customer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Call Rohan Mehta' });
  return { user, dialog };
}

describe('the outbound call flow', () => {
  beforeEach(() => giveLeadListHeight());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('dials the number the server normalised, then follows the live updates to the end', async () => {
    const requests = stubDashboard(() => Response.json({ id: 'call-1', vapiCallId: 'vapi-1', status: 'queued', number: '+919820198765' }, { status: 201 }));
    const { user, dialog } = await openCallDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Ready to call');
    expect(dialog).toHaveTextContent('The agent will call +919820198765.');

    await user.click(within(dialog).getByRole('button', { name: 'Start Call' }));
    expect(await within(dialog).findByText('Dialing +919820198765…')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Dialing');
    const placed = requests.find((request) => request.method === 'POST')!;
    expect(await placed.json()).toEqual({ leadId: 'lead-1' });

    act(() => FakeEventSource.latest().emit('call.updated', callRecord('in-progress')));
    expect(await within(dialog).findByText('In progress')).toBeInTheDocument();
    expect(within(dialog).getByText('Talking with +919820198765.')).toBeInTheDocument();

    act(() => FakeEventSource.latest().emit('call.updated', callRecord('ended', { endedReason: 'customer-ended-call', durationSeconds: 95 })));
    expect(await within(dialog).findByText('Call ended')).toBeInTheDocument();
    expect(within(dialog).getByText('Ended reason: customer-ended-call')).toBeInTheDocument();
    expect(within(dialog).getByText('Duration: 1 min 35 s')).toBeInTheDocument();
  });

  it("shows the server's message when the call cannot be placed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubDashboard(() =>
      Response.json({ statusCode: 400, error: 'Bad Request', message: 'No phone number found.', errors: [{ field: 'phone', message: 'No phone number found.' }] }, { status: 400 }),
    );
    const { user, dialog } = await openCallDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Start Call' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No phone number found.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Call failed');
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('tells at once that a lead without a phone cannot be called, and offers no call', async () => {
    const requests = stubDashboard(() => Response.json({}, { status: 500 }), { ...LEAD, phone: null });
    const { dialog } = await openCallDialog();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No phone number found.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cannot call');
    expect(within(dialog).queryByRole('button', { name: /Start Call|Try Again/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('Cancel closes the dialog and forgets the number; the next call starts afresh', async () => {
    stubDashboard(() => Response.json({ id: 'call-1', vapiCallId: 'vapi-1', status: 'queued', number: '+919820198765' }, { status: 201 }));
    const { user, dialog } = await openCallDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Start Call' }));
    await within(dialog).findByText('Dialing +919820198765…');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to where the call was started from.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Call To Customer' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Call To Customer' }));
    const again = await screen.findByRole('dialog', { name: 'Call Rohan Mehta' });
    expect(within(again).getByRole('status')).toHaveTextContent('Ready to call');
    expect(again).not.toHaveTextContent('Dialing');
  });
});
