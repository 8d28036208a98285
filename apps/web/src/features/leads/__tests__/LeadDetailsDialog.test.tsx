import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../components/LeadDetailsDialog';

const LEAD = aLead({ _id: 'lead-1', name: 'Sanjay Kulkarni', budget: '95 Lakh', loan_needed: false, qualified: true });
const CALL = {
  id: 'call-1',
  vapiCallId: 'vapi-1',
  leadId: 'lead-1',
  type: 'inboundPhoneCall',
  status: 'ended',
  endedReason: 'customer-ended-call',
  customerNumber: '+919876543210',
  startedAt: '2026-05-14T10:00:00.000Z',
  endedAt: '2026-05-14T10:03:12.500Z',
  durationSeconds: 192.5,
  summary: 'Wants a 3 BHK in Pune for about 95 Lakh.',
  transcript: 'AI: Namaste!\nUser: I want a 3 BHK in Pune.',
  recordingUrl: 'https://storage.vapi.ai/vapi-1-mono.wav',
  structuredOutputs: {
    'Lead Desk lead': { name: 'Sanjay Kulkarni', budget: '95 Lakh', loan_needed: false, email: null },
    CSAT: 8,
  },
  successEvaluation: 'Pass',
  createdAt: '2026-05-14T10:00:00.000Z',
  updatedAt: '2026-05-14T10:03:13.000Z',
};

describe('LeadDetailsDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows every field and the lead's calls with summary, transcript, structured outputs and recording", async () => {
    stubApi({ 'GET /api/leads/lead-1': () => Response.json({ ...LEAD, calls: [CALL] }) });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Sanjay Kulkarni' });
    for (const [label, value] of [
      ['Phone', '+919876543210'],
      ['Email', 'aarav@example.in'],
      ['Budget', '₹95 Lakh'],
      ['Loan', 'Not needed'],
      ['Qualified', 'Yes'],
      ['Source', 'voice bot'],
    ]) {
      expect(within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
    }
    const call = await within(dialog).findByRole('article');
    expect(within(call).getByRole('heading', { level: 4 })).toHaveTextContent('Inbound call');
    expect(call).toHaveTextContent('Wants a 3 BHK in Pune for about 95 Lakh.');
    expect(call).toHaveTextContent('AI: Namaste!');
    expect(call).toHaveTextContent('3 min 13 s');
    expect(call).toHaveTextContent('customer-ended-call');
    expect(within(call).getByText('Success evaluation', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Pass');
    const outputs = within(call).getByRole('heading', { name: 'Structured outputs' }).nextElementSibling as HTMLElement;
    expect(within(outputs).getByText('CSAT', { selector: 'dt' }).nextElementSibling).toHaveTextContent('8');
    const lead = within(outputs).getByText('Lead Desk lead', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(lead).getByText('budget', { selector: 'dt' }).nextElementSibling).toHaveTextContent('95 Lakh');
    expect(within(lead).getByText('loan_needed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No');
    expect(within(lead).getByText('email', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Not given');
    // The player asks the API, never Vapi's storage.
    expect(call.querySelector('audio')).toHaveAttribute('src', '/api/calls/call-1/recording');
  });

  it('shows no player for a call without a recording', async () => {
    stubApi({ 'GET /api/leads/lead-1': () => Response.json({ ...LEAD, calls: [{ ...CALL, recordingUrl: null, structuredOutputs: null, successEvaluation: null }] }) });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const call = await screen.findByRole('article');
    expect(call.querySelector('audio')).toBeNull();
    expect(within(call).queryByText('Structured outputs')).toBeNull();
    expect(within(call).queryByText('Success evaluation')).toBeNull();
  });

  it('says so when the lead has had no calls', async () => {
    stubApi({ 'GET /api/leads/lead-1': () => Response.json({ ...LEAD, calls: [] }) });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument();
  });
});
