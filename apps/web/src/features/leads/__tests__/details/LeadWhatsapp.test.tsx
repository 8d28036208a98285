import type { WhatsappMessage, WhatsappReplyOptions, WhatsappTemplate } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../../testing/FakeEventSource';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { aWhatsappMessage } from '../../../../testing/whatsappFixtures';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi, WHATSAPP_OFF } from './detailsApi';

const aMessage = aWhatsappMessage;

const HOUR = 3_600_000;
/** The person wrote `ago` ms before now: the window closes 24 hours after. */
const windowFrom = (ago: number): WhatsappReplyOptions => {
  const wrote = Date.now() - ago;
  return { notConfigured: null, refusal: null, window: { open: ago < 24 * HOUR, closesAt: new Date(wrote + 24 * HOUR).toISOString(), lastInboundAt: new Date(wrote).toISOString() } };
};
const OPEN_WINDOW = windowFrom(HOUR);
const CLOSED_WINDOW: WhatsappReplyOptions = { notConfigured: null, refusal: null, window: { open: false, closesAt: '2026-11-27T09:00:00.000Z', lastInboundAt: '2026-11-26T09:00:00.000Z' } };

const TEMPLATES: WhatsappTemplate[] = [
  { id: 'tpl-1', name: 'callback_missed', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Sorry we missed you, {{1}}!', archived: false, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' },
  {
    id: 'tpl-2',
    name: 'price_offer',
    language: 'hi',
    variables: [{ key: 'name', source: 'lead.name' }, { key: 'offer', source: 'custom' }],
    body: 'Namaste {{1}}, {{2}}',
    archived: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  { id: 'tpl-3', name: 'old_offer', language: 'en', variables: [], body: null, archived: true, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' },
];

const section = () => screen.getByRole('region', { name: 'WhatsApp' });
const shownMessages = () => within(section()).queryAllByTestId('whatsapp-message');

function stubWhatsapp(reply: WhatsappReplyOptions, messages: WhatsappMessage[], routes: Parameters<typeof stubDetailsApi>[1] = {}) {
  return stubDetailsApi(
    {},
    {
      'GET /api/leads/lead-1/whatsapp/messages': () => Response.json(messages),
      'GET /api/leads/lead-1/whatsapp/reply': () => Response.json(reply),
      'GET /api/whatsapp/templates': () => Response.json(TEMPLATES),
      ...routes,
    },
  );
}

describe('A lead’s WhatsApp conversation', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads as a chat, oldest at the top, each of ours with its status, a failure with Meta’s reason', async () => {
    stubWhatsapp(OPEN_WINDOW, [
      aMessage({ id: 'wa-3', direction: 'outbound', text: null, type: 'template', template: { name: 'visit_reminder', language: 'en', variables: [] }, sentAt: '2026-11-28T11:00:00.000Z', status: 'failed', error: { code: 131026, reason: 'The number is not on WhatsApp.' } }),
      aMessage({ id: 'wa-2', direction: 'outbound', text: 'Yes! Shall we visit on Saturday?', sentAt: '2026-11-28T10:00:00.000Z', status: 'read', sender: { id: 'agent-1', name: 'Riya Das' } }),
      aMessage({}),
    ]);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await waitFor(() => expect(shownMessages()).toHaveLength(3));
    const [first, second, third] = shownMessages();
    expect(first).toHaveTextContent('They wrote');
    expect(first).toHaveTextContent('Is the 2BHK still available?');
    expect(second).toHaveTextContent('Riya Das sent');
    expect(second).toHaveTextContent('Yes! Shall we visit on Saturday?');
    expect(second).toHaveTextContent('Read');
    expect(third).toHaveTextContent('Template visit_reminder (en)');
    expect(third).toHaveTextContent('Failed: The number is not on WhatsApp.');
  });

  it('says a send WhatsApp never confirmed is not sent again, with the reason', async () => {
    const reason = 'The send was interrupted and WhatsApp never said whether it took the message; it is not sent again, so it cannot arrive twice. Send it again if the person did not get it.';
    stubWhatsapp(OPEN_WINDOW, [aMessage({ id: 'wa-2', direction: 'outbound', text: 'Shall I call you at 6?', sentAt: '2026-11-28T10:00:00.000Z', status: 'unconfirmed', error: { code: null, reason } }), aMessage({})]);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await waitFor(() => expect(shownMessages()).toHaveLength(2));
    expect(shownMessages()[1]).toHaveTextContent(`Not confirmed: ${reason}`);
  });

  it('sends free text inside the window, and shows new messages and statuses as they come, live', async () => {
    const requests = stubWhatsapp(OPEN_WINDOW, [aMessage({})], {
      'POST /api/leads/lead-1/whatsapp/messages': async (request) =>
        Response.json(aMessage({ id: 'wa-2', direction: 'outbound', text: ((await request.json()) as { text: string }).text, sentAt: '2026-11-28T10:00:00.000Z', status: 'accepted' }), { status: 201 }),
    });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const box = await within(section()).findByLabelText('Reply on WhatsApp');
    expect(box).toHaveAccessibleDescription(/^Free text can be sent until .+: 24 hours after the person’s last message\.$/);
    await user.type(box, 'Shall I call you at 6?');
    await user.click(within(section()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(shownMessages()).toHaveLength(2));
    expect(await requestsTo(requests, 'POST /api/leads/lead-1/whatsapp/messages')[0].json()).toEqual({ text: 'Shall I call you at 6?' });
    expect(shownMessages()[1]).toHaveTextContent('Taken by WhatsApp');
    expect(box).toHaveValue('');

    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-2', direction: 'outbound', text: 'Shall I call you at 6?', sentAt: '2026-11-28T10:00:00.000Z', status: 'delivered' })));
    await waitFor(() => expect(shownMessages()[1]).toHaveTextContent('Delivered'));
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-9', leadId: 'lead-other', text: 'Not this lead' })));
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-3', text: 'Yes, 6 works', sentAt: '2026-11-28T10:05:00.000Z' })));
    await waitFor(() => expect(shownMessages()).toHaveLength(3));
    expect(shownMessages()[2]).toHaveTextContent('Yes, 6 works');
    // A status read late (the send's own answer after Meta's delivered) takes nothing back.
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-2', direction: 'outbound', text: 'Shall I call you at 6?', sentAt: '2026-11-28T10:00:00.000Z', status: 'sent' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shownMessages()[1]).toHaveTextContent('Delivered');
  });

  it('outside the window says why and offers the registered templates, with inputs for their custom variables', async () => {
    const requests = stubWhatsapp(CLOSED_WINDOW, [aMessage({ sentAt: '2026-11-26T09:00:00.000Z' })], {
      'POST /api/leads/lead-1/whatsapp/messages': () => Response.json(aMessage({ id: 'wa-2', direction: 'outbound', type: 'template', text: 'Namaste Sanjay, 5% off', status: 'accepted', sentAt: '2026-11-28T10:00:00.000Z' }), { status: 201 }),
    });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const template = await within(section()).findByLabelText('Template');
    expect(section()).toHaveTextContent(/A template is needed: WhatsApp allows free text only within 24 hours of the person’s last message, and they last wrote at .+\./);
    expect(within(section()).queryByLabelText('Reply on WhatsApp')).toBeNull();
    expect(within(template).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a template', 'callback_missed (en)', 'price_offer (hi)']);

    await user.selectOptions(template, 'price_offer (hi)');
    expect(section()).toHaveTextContent('Namaste {{1}}, {{2}}');
    await user.type(within(section()).getByLabelText('offer'), '5% off');
    await user.click(within(section()).getByRole('button', { name: 'Send template' }));
    await waitFor(() => expect(shownMessages()).toHaveLength(2));
    expect(await requestsTo(requests, 'POST /api/leads/lead-1/whatsapp/messages')[0].json()).toEqual({ template: 'tpl-2', variables: { offer: '5% off' } });
  });

  it('turns the box to templates when the window closes while it is open', async () => {
    let reply = windowFrom(24 * HOUR - 300);
    stubWhatsapp(reply, [aMessage({})], { 'GET /api/leads/lead-1/whatsapp/reply': () => Response.json(reply) });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await within(section()).findByLabelText('Reply on WhatsApp');
    reply = { ...reply, window: { ...reply.window, open: false } };
    expect(await within(section()).findByLabelText('Template')).toBeInTheDocument();
    expect(within(section()).queryByLabelText('Reply on WhatsApp')).toBeNull();
  });

  it('says templates are needed before the person ever wrote', async () => {
    stubWhatsapp({ notConfigured: null, refusal: null, window: { open: false, closesAt: null, lastInboundAt: null } }, []);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await within(section()).findByLabelText('Template');
    expect(section()).toHaveTextContent('No WhatsApp messages yet.');
    expect(section()).toHaveTextContent('A template is needed: WhatsApp allows free text only within 24 hours of the person’s last message, and they have not written on WhatsApp yet.');
  });

  it('shows a refusal beside the box and keeps what was typed', async () => {
    stubWhatsapp(OPEN_WINDOW, [aMessage({})], {
      'POST /api/leads/lead-1/whatsapp/messages': () =>
        Response.json({ statusCode: 409, message: 'Outside the 24-hour window: send a template (the person last wrote at 2026-11-27T08:00:00.000Z).' }, { status: 409 }),
    });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const box = await within(section()).findByLabelText('Reply on WhatsApp');
    await user.type(box, 'Are you free at 6?');
    await user.click(within(section()).getByRole('button', { name: 'Send' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Outside the 24-hour window: send a template (the person last wrote at 2026-11-27T08:00:00.000Z).');
    expect(box).toHaveValue('Are you free at 6?');
    expect(shownMessages()).toHaveLength(1);
  });

  it('keeps a template’s variables on a 400 naming one', async () => {
    stubWhatsapp(CLOSED_WINDOW, [], {
      'POST /api/leads/lead-1/whatsapp/messages': () =>
        Response.json({ statusCode: 400, message: 'variables.offer is required', errors: [{ field: 'variables.offer', message: 'is required' }] }, { status: 400 }),
    });
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.selectOptions(await within(section()).findByLabelText('Template'), 'price_offer (hi)');
    await user.type(within(section()).getByLabelText('offer'), ' ');
    await user.click(within(section()).getByRole('button', { name: 'Send template' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('variables.offer is required');
    expect(within(section()).getByLabelText('Template')).toHaveValue('tpl-2');
    expect(within(section()).getByLabelText('offer')).toHaveValue(' ');
  });

  it('says why nothing can be sent to a lead without an opt-in, with no box', async () => {
    stubWhatsapp({ ...OPEN_WINDOW, refusal: { code: 'no_opt_in', reason: 'No WhatsApp opt-in is recorded for this lead: record their consent with purpose "whatsapp" first.' } }, [aMessage({})]);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await waitFor(() => expect(section()).toHaveTextContent('No WhatsApp message can be sent to this lead: No WhatsApp opt-in is recorded for this lead'));
    expect(within(section()).queryByRole('textbox')).toBeNull();
    expect(within(section()).queryByRole('combobox')).toBeNull();
  });

  it('says plainly when WhatsApp is not configured, and offers no box', async () => {
    const requests = stubWhatsapp(WHATSAPP_OFF, []);
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    await waitFor(() => expect(section()).toHaveTextContent('WhatsApp is not configured: set WHATSAPP_ACCESS_TOKEN'));
    expect(within(section()).queryByRole('textbox')).toBeNull();
    expect(within(section()).queryByRole('button', { name: /Send/ })).toBeNull();
    expect(requestsTo(requests, 'GET /api/whatsapp/templates')).toHaveLength(0);
  });
});
