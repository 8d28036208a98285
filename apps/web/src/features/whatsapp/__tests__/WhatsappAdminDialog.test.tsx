import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES, type WhatsappAutomaticMessages, type WhatsappTemplate } from '@lead-desk/contracts';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { WhatsappAdminDialog } from '../components/WhatsappAdminDialog';

const CONFIRMATION: WhatsappTemplate = {
  id: 'template-1',
  name: 'visit_confirmation',
  language: 'en',
  variables: [
    { key: 'name', source: 'lead.name' },
    { key: 'when', source: 'visit.time' },
    { key: 'map', source: 'property.mapLink' },
  ],
  body: 'Hi {{1}}, your visit is on {{2}}. Directions: {{3}}',
  archived: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const OLD_OFFER: WhatsappTemplate = { ...CONFIRMATION, id: 'template-2', name: 'old_offer', language: 'hi', variables: [], body: null, archived: true };

const fieldError = (status: number, message: string, errors: { field: string; message: string }[] = []) =>
  Response.json({ statusCode: status, error: status === 409 ? 'Conflict' : 'Bad Request', message, errors }, { status });

function stubWhatsappApi(routes: Parameters<typeof stubApi>[0] = {}, templates: WhatsappTemplate[] = [CONFIRMATION, OLD_OFFER]) {
  return stubApi({
    'GET /api/whatsapp/templates': () => Response.json(templates),
    'GET /api/settings/whatsapp-automatic': () => Response.json(DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES),
    ...routes,
  });
}

const changesTo = (requests: Request[], route: string) => requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);

describe('WhatsappAdminDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each template with its language, variables in order with their sources, body and archived state, and says sending needs the configuration', async () => {
    stubWhatsappApi();
    renderWithQueryClient(<WhatsappAdminDialog onClose={vi.fn()} />);

    const confirmation = await screen.findByRole('article', { name: 'visit_confirmation (en)' });
    const variables = within(confirmation).getAllByRole('listitem').map((item) => item.textContent);
    expect(variables).toEqual(['{{1}} name: Lead’s name', '{{2}} when: Site visit’s time', '{{3}} map: Map link to the meeting point']);
    expect(within(confirmation).getByText('Body', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Hi {{1}}, your visit is on {{2}}. Directions: {{3}}');
    expect(within(confirmation).queryByText('Archived: no longer sent')).not.toBeInTheDocument();

    const archived = screen.getByRole('article', { name: 'old_offer (hi)' });
    expect(within(archived).getByText('Archived: no longer sent')).toBeInTheDocument();
    expect(within(archived).getByText('Body', { selector: 'dt' }).nextElementSibling).toHaveTextContent('not given');
    expect(within(archived).getByRole('button', { name: 'Bring back old_offer (hi)' })).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();

    expect(screen.getByText(/Nothing is sent until WhatsApp is configured on the server \(WHATSAPP_ACCESS_TOKEN/)).toBeInTheDocument();
    // Every automatic message is off until an admin turns it on.
    for (const title of ['After a missed call', 'Visit confirmation', 'Visit reminder']) {
      expect(within(screen.getByRole('group', { name: title })).getByRole('switch', { name: 'Send it' })).not.toBeChecked();
    }
  });

  it('registers a template with its variables reordered; a refusal shows beside the field it names and keeps what was typed', async () => {
    let answers = [
      fieldError(400, 'Invalid body: must use {{1}} to {{n}}, one for each variable, in order', [{ field: 'body', message: 'must use {{1}} to {{n}}, one for each variable, in order' }]),
      fieldError(409, 'A template price_update in hi is registered already: change it instead.'),
    ];
    const registered: WhatsappTemplate = { ...CONFIRMATION, id: 'template-3', name: 'price_update', language: 'hi', variables: [{ key: 'name', source: 'lead.name' }, { key: 'offer', source: 'custom' }], body: 'Hi {{1}}: {{2}}' };
    let templates = [CONFIRMATION];
    const requests = stubWhatsappApi({
      'GET /api/whatsapp/templates': () => Response.json(templates),
      'POST /api/whatsapp/templates': () => {
        const answer = answers.shift();
        if (answer) return answer;
        templates = [CONFIRMATION, registered];
        return Response.json(registered, { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<WhatsappAdminDialog onClose={vi.fn()} />);

    const form = await screen.findByRole('region', { name: 'Register a template' });
    await user.type(within(form).getByLabelText('Name'), 'price_update');
    await user.clear(within(form).getByLabelText('Language'));
    await user.type(within(form).getByLabelText('Language'), 'hi');
    await user.click(within(form).getByRole('button', { name: 'Add a variable' }));
    await user.click(within(form).getByRole('button', { name: 'Add a variable' }));
    await user.click(within(form).getByRole('button', { name: 'Add a variable' }));
    const first = within(form).getByRole('group', { name: 'Variable {{1}}' });
    await user.type(within(first).getByLabelText('Key'), 'offer');
    await user.selectOptions(within(first).getByLabelText('Filled from'), 'custom');
    await user.type(within(within(form).getByRole('group', { name: 'Variable {{2}}' })).getByLabelText('Key'), 'name');
    await user.click(within(form).getByRole('button', { name: 'Remove {{3}}' }));
    // The lead's name comes first in the approved body.
    await user.click(within(form).getByRole('button', { name: 'Move {{2}} up' }));
    await user.type(within(form).getByLabelText('Body as approved (optional)'), 'Hi {{{{1}}: {{{{3}}');
    await user.click(within(form).getByRole('button', { name: 'Register template' }));

    const body = within(form).getByLabelText('Body as approved (optional)');
    await vi.waitFor(() => expect(body).toHaveAccessibleDescription(/Body as approved \(optional\) must use \{\{1\}\} to \{\{n\}\}, one for each variable, in order/));
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveValue('Hi {{1}}: {{3}}');
    expect(within(within(form).getByRole('group', { name: 'Variable {{1}}' })).getByLabelText('Key')).toHaveValue('name');
    expect(within(within(form).getByRole('group', { name: 'Variable {{2}}' })).getByLabelText('Filled from')).toHaveValue('custom');
    expect(await changesTo(requests, 'POST /api/whatsapp/templates')[0].json()).toEqual({
      name: 'price_update',
      language: 'hi',
      variables: [
        { key: 'name', source: 'lead.name' },
        { key: 'offer', source: 'custom' },
      ],
      body: 'Hi {{1}}: {{3}}',
    });

    await user.clear(body);
    await user.type(body, 'Hi {{{{1}}: {{{{2}}');
    await user.click(within(form).getByRole('button', { name: 'Register template' }));
    // A second of that name and language is refused, beside the name.
    const name = within(form).getByLabelText('Name');
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(/A template price_update in hi is registered already: change it instead\./));
    expect(name).toHaveValue('price_update');

    await user.click(within(form).getByRole('button', { name: 'Register template' }));
    expect(await screen.findByRole('article', { name: 'price_update (hi)' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).queryByRole('group', { name: 'Variable {{1}}' })).not.toBeInTheDocument();
    expect(changesTo(requests, 'POST /api/whatsapp/templates')).toHaveLength(3);
  });

  it('changes a template’s variables and body, and archives one', async () => {
    const requests = stubWhatsappApi({
      'PATCH /api/whatsapp/templates/template-1': async (request) => Response.json({ ...CONFIRMATION, ...((await request.clone().json()) as object) }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<WhatsappAdminDialog onClose={vi.fn()} />);

    const confirmation = await screen.findByRole('article', { name: 'visit_confirmation (en)' });
    await user.click(within(confirmation).getByRole('button', { name: 'Change visit_confirmation (en)' }));
    await user.click(within(confirmation).getByRole('button', { name: 'Remove {{3}}' }));
    const body = within(confirmation).getByLabelText('Body as approved (optional)');
    await user.clear(body);
    await user.type(body, 'Hi {{{{1}}, see you on {{{{2}}');
    await user.click(within(confirmation).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(within(confirmation).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument());

    await user.click(within(confirmation).getByRole('button', { name: 'Archive visit_confirmation (en)' }));
    const changes = changesTo(requests, 'PATCH /api/whatsapp/templates/template-1');
    await vi.waitFor(() => expect(changes).toHaveLength(2));
    expect(await changes[0].json()).toEqual({ variables: CONFIRMATION.variables.slice(0, 2), body: 'Hi {{1}}, see you on {{2}}' });
    expect(await changes[1].json()).toEqual({ archived: true });
  });

  it('turns the visit confirmation on with a registered template, offering no archived one; a refusal shows beside the field it names', async () => {
    const saved: WhatsappAutomaticMessages = {
      ...DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES,
      visitConfirmation: { enabled: true, template: 'visit_confirmation', language: 'en' },
      visitReminder: { ...DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES.visitReminder, minutesBefore: 180 },
    };
    const answers = [fieldError(400, 'Invalid visitReminder.minutesBefore: must be at least 5 minutes', [{ field: 'visitReminder.minutesBefore', message: 'must be at least 5 minutes' }]), Response.json(saved)];
    const requests = stubWhatsappApi({ 'PUT /api/settings/whatsapp-automatic': () => answers.shift()! });
    const user = userEvent.setup();
    renderWithQueryClient(<WhatsappAdminDialog onClose={vi.fn()} />);

    const confirmation = await screen.findByRole('group', { name: 'Visit confirmation' });
    await user.click(within(confirmation).getByRole('switch', { name: 'Send it' }));
    const template = within(confirmation).getByRole('combobox', { name: 'Template' });
    await vi.waitFor(() => expect(within(template).getAllByRole('option').map((option) => option.textContent)).toEqual(['No template chosen', 'visit_confirmation (en)']));
    await user.selectOptions(template, 'visit_confirmation (en)');
    const minutes = within(screen.getByRole('group', { name: 'Visit reminder' })).getByRole('spinbutton', { name: 'Minutes before the visit' });
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(screen.getByRole('button', { name: 'Save automatic messages' }));

    await vi.waitFor(() => expect(minutes).toHaveAccessibleDescription(/Minutes before the visit must be at least 5 minutes/));
    expect(within(confirmation).getByRole('switch', { name: 'Send it' })).toBeChecked();
    expect(template).toHaveValue('visit_confirmation|en');

    await user.clear(minutes);
    await user.type(minutes, '180');
    await user.click(screen.getByRole('button', { name: 'Save automatic messages' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(minutes).not.toHaveAccessibleDescription(/must be/);

    const puts = changesTo(requests, 'PUT /api/settings/whatsapp-automatic');
    expect(await puts[0].json()).toEqual({
      callbackMissed: { enabled: false, template: null, language: 'en' },
      visitConfirmation: { enabled: true, template: 'visit_confirmation', language: 'en' },
      visitReminder: { enabled: false, template: null, language: 'en', minutesBefore: 3 },
    });
    expect((await puts[1].json()).visitReminder.minutesBefore).toBe(180);
  });
});
