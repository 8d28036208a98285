import type { LeadActivity } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../../testing/FakeEventSource';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { useLiveLeadUpdates } from '../../hooks/useLiveLeadUpdates';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

const at = (minute: number) => `2026-05-14T10:${String(minute).padStart(2, '0')}:00.000Z`;
const RIYA = { id: 'agent-1', name: 'Riya Das' };

const NEWEST: LeadActivity[] = [
  { id: 'a5', leadId: 'lead-1', type: 'stage_changed', at: at(50), actor: RIYA, data: { from: { id: 'stage-new', name: 'New' }, to: { id: 'stage-lost', name: 'Lost' }, lostReason: 'Bought elsewhere' } },
  { id: 'a4', leadId: 'lead-1', type: 'updated', at: at(40), actor: RIYA, data: { field: 'budget', from: 4500000, to: '95 Lakh' } },
  {
    id: 'a3',
    leadId: 'lead-1',
    type: 'call',
    at: at(30),
    actor: null,
    data: { callId: 'call-1', vapiCallId: 'vapi-1', status: 'ended', endedReason: 'customer-ended-call', summary: 'Wants a 3 BHK in Pune.' },
  },
];
const OLDER: LeadActivity[] = [
  { id: 'a2', leadId: 'lead-1', type: 'assigned', at: at(20), actor: null, data: { from: null, to: RIYA, by: 'round-robin' } },
  { id: 'a1', leadId: 'lead-1', type: 'created', at: at(10), actor: null, data: { source: 'voice bot' } },
];
const CALL = {
  id: 'call-1',
  vapiCallId: 'vapi-1',
  leadId: 'lead-1',
  type: 'inboundPhoneCall',
  status: 'ended',
  endedReason: 'customer-ended-call',
  customerNumber: '+919876543210',
  startedAt: at(27),
  endedAt: at(30),
  durationSeconds: 180,
  cost: null,
  summary: 'Wants a 3 BHK in Pune.',
  transcript: 'AI: Namaste!',
  recordingUrl: 'https://storage.vapi.ai/vapi-1-mono.wav',
  structuredData: null,
  structuredOutputs: { 'Lead Desk lead': { budget: '95 Lakh' } },
  successEvaluation: 'Pass',
  createdAt: at(27),
  updatedAt: at(30),
};

/** The activity route pages as the API does: newest first, the next page's URL in the Link header. */
function activityPages(request: Request) {
  if (new URL(request.url).searchParams.get('cursor') === 'after-a3') return Response.json(OLDER);
  return Response.json(NEWEST, { headers: { Link: '</api/leads/lead-1/activity?cursor=after-a3>; rel="next"' } });
}

const entries = () => within(screen.getByRole('region', { name: 'Activity' })).queryAllByRole('listitem');

function LiveDetails() {
  useLiveLeadUpdates(() => {});
  return <LeadDetailsDialog lead={LEAD} onClose={() => {}} />;
}

describe('The lead timeline', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the newest entries first and older ones on "Load more", with who did what', async () => {
    const requests = stubDetailsApi({ lead: { ...LEAD, calls: [CALL] } }, { 'GET /api/leads/lead-1/activity': activityPages });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[0]).toHaveTextContent('Stage changed from New to Lost (lost reason: Bought elsewhere)');
    expect(entries()[0]).toHaveTextContent('by Riya Das');
    expect(entries()[1]).toHaveTextContent('Budget changed from “₹45,00,000” to “₹95 Lakh”');
    expect(entries()[2]).toHaveTextContent('Call ended (customer-ended-call)');
    expect(entries()[2]).toHaveTextContent('Wants a 3 BHK in Pune.');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(5));
    expect(entries()[3]).toHaveTextContent('Assigned to Riya Das by round-robin');
    expect(entries()[4]).toHaveTextContent('Lead created (voice bot)');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET /api/leads/lead-1/activity').map((request) => new URL(request.url).search)).toEqual(['', '?cursor=after-a3']);
  });

  it("opens a call's structured outputs and recording player from its entry", async () => {
    stubDetailsApi({ lead: { ...LEAD, calls: [CALL] } }, { 'GET /api/leads/lead-1/activity': activityPages });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(entries()).toHaveLength(3));
    const call = entries()[2];
    await user.click(within(call).getByRole('button', { name: 'Show call details' }));
    const shown = within(call).getByRole('article');
    expect(within(shown).getByRole('heading', { name: 'Structured outputs' })).toBeInTheDocument();
    expect(shown.querySelector('audio')).toHaveAttribute('src', '/api/calls/call-1/recording');
    await user.click(within(call).getByRole('button', { name: 'Hide call details' }));
    expect(within(call).queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows a chat's messages from its entry, who said what, in order", async () => {
    const chat: LeadActivity = {
      id: 'a6',
      leadId: 'lead-1',
      type: 'chat',
      at: at(55),
      actor: null,
      data: {
        chatSessionId: 'chat-1',
        vapiSessionId: 'session-1',
        endedBy: 'visitor',
        messages: [
          { role: 'visitor', text: 'Any villas in Goa?', at: at(53) },
          { role: 'agent', text: 'Palm Grove Villa, ₹2.4 Cr.', at: at(54) },
        ],
      },
    };
    stubDetailsApi({ activity: [chat] });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(entries()).toHaveLength(1));
    const entry = entries()[0];
    expect(entry).toHaveTextContent('Chat with the agent (2 messages, ended by the visitor)');
    expect(entry).not.toHaveTextContent('Any villas in Goa?');

    await user.click(within(entry).getByRole('button', { name: 'Show the chat' }));
    expect(within(entry).getAllByRole('listitem').map((message) => message.textContent)).toEqual(['Visitor: Any villas in Goa?', 'Agent: Palm Grove Villa, ₹2.4 Cr.']);
    await user.click(within(entry).getByRole('button', { name: 'Hide the chat' }));
    expect(within(entry).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('says a chat’s words were purged after the retention period, keeping who spoke', async () => {
    const chat: LeadActivity = {
      id: 'a7',
      leadId: 'lead-1',
      type: 'chat',
      at: at(55),
      actor: null,
      data: { chatSessionId: 'chat-2', vapiSessionId: 'session-2', endedBy: 'idle', messages: [{ role: 'visitor', text: null, at: at(53) }, { role: 'agent', text: null, at: at(54) }] },
    };
    stubDetailsApi({ activity: [chat] });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(within(entries()[0]).getByRole('button', { name: 'Show the chat' }));
    expect(within(entries()[0]).getAllByRole('listitem').map((message) => message.textContent)).toEqual([
      'Visitor: (purged after the retention period)',
      'Agent: (purged after the retention period)',
    ]);
  });

  it('reads the notes and timeline again when the open lead changes live', async () => {
    let notes: unknown[] = [];
    let activity: LeadActivity[] = OLDER;
    stubDetailsApi(
      {},
      {
        'GET /api/leads/lead-1/notes': () => Response.json(notes),
        'GET /api/leads/lead-1/activity': () => Response.json(activity),
      },
    );
    renderWithQueryClient(<LiveDetails />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    act(() => FakeEventSource.latest().open());

    // A colleague renames the lead and adds a note.
    notes = [{ id: 'note-9', leadId: 'lead-1', body: 'Wants a site visit.', author: RIYA, createdAt: at(55), updatedAt: at(55) }];
    activity = [
      { id: 'a7', leadId: 'lead-1', type: 'note_added', at: at(55), actor: RIYA, data: { noteId: 'note-9' } },
      { id: 'a6', leadId: 'lead-1', type: 'updated', at: at(54), actor: RIYA, data: { field: 'name', from: 'Sanjay Kulkarni', to: 'Sanjay K.' } },
      ...OLDER,
    ];
    act(() => FakeEventSource.latest().emit('lead.updated', { ...LEAD, name: 'Sanjay K.', version: 5 }));

    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(entries()[0]).toHaveTextContent('Note added');
    expect(await screen.findByText('Wants a site visit.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Sanjay K.');
  });
});
