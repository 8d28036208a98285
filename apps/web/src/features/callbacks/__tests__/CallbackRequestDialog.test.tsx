import { CALLBACK_CONSENT_WORDING, CALLBACK_WHATSAPP_OPT_IN_WORDING } from '@lead-desk/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { SAMPLE_PROPERTIES } from '../../../testing/propertyFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { PropertyExplorer } from '../../properties/components/PropertyExplorer';
import { CallbackRequestDialog } from '../components/CallbackRequestDialog';

const ROUTE = 'POST /api/callback-requests';
/** The explorer's list, for tests that render the explorer around the form. */
const LISTED = { 'GET /api/properties': () => Response.json(SAMPLE_PROPERTIES) };
const RECEIPT = { message: 'Our agent will call you in about a minute', callAt: '2026-11-28T10:00:30.000Z' };
const DRAFT_KEY = 'lead-desk:callback-request';
// The tests wait for retries no longer than this.
const quickRetries = () => 5;

/** The message shown beside a field (its accessible description). */
const messageOf = (label: string) =>
  screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

function renderDialog(props: { propertyId?: number } = {}) {
  const onClose = vi.fn();
  render(<CallbackRequestDialog onClose={onClose} properties={SAMPLE_PROPERTIES} retryDelayMs={quickRetries} {...props} />);
  return { onClose, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Kavya Menon');
  await user.type(screen.getByLabelText('Phone'), '98450 12345');
  await user.click(screen.getByLabelText(CALLBACK_CONSENT_WORDING));
}

describe('CallbackRequestDialog', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is a labelled dialog with every field, the consent in its exact words, and the honeypot out of reach', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Request a callback' })).toBeInTheDocument();
    for (const label of ['Name', 'Phone', 'Email', 'Preferred time', 'Interested in']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: CALLBACK_CONSENT_WORDING })).not.toBeChecked();
    expect(screen.getByLabelText('Interested in')).toHaveValue('');
    // The hidden field is neither seen by assistive technology nor reached with Tab.
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    expect(document.querySelector('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  });

  it('shows what to fix beside each field, focuses the first and sends nothing', async () => {
    const requests = stubApi({});
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    expect(messageOf('Name')).toBe('Name is required');
    expect(messageOf('Phone')).toBe('Phone is not a valid phone number');
    expect(screen.getByLabelText(CALLBACK_CONSENT_WORDING)).toHaveAccessibleDescription('Your agreement is needed: we call only when you agree');
    expect(screen.getByLabelText(CALLBACK_CONSENT_WORDING)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('refuses a preferred time in the past', async () => {
    const requests = stubApi({});
    const { user } = renderDialog();
    await fillIn(user);
    await user.type(screen.getByLabelText('Preferred time'), '2020-01-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    expect(messageOf('Preferred time')).toContain('Preferred time must be in the future');
    expect(requests).toHaveLength(0);
  });

  it('asks about the property whose card was pressed, sends the exact consent words, and shows the answer in words', async () => {
    const requests = stubApi({ [ROUTE]: () => Response.json(RECEIPT, { status: 201 }) });
    const { user } = renderDialog({ propertyId: 6 });
    expect(screen.getByLabelText('Interested in')).toHaveDisplayValue('Casa Goa Heritage Villa');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    const answer = await screen.findByRole('status');
    expect(answer).toHaveTextContent('Our agent will call you in about a minute.');
    expect(answer).toHaveFocus();
    expect(await requests[0].json()).toEqual({ name: 'Kavya Menon', phone: '98450 12345', propertyId: 6, consent: true, consentWording: CALLBACK_CONSENT_WORDING });
    // Answered: nothing is kept for later.
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('offers WhatsApp messages as an optional box, unticked, that sending does not need', () => {
    renderDialog();
    const whatsapp = screen.getByRole('checkbox', { name: CALLBACK_WHATSAPP_OPT_IN_WORDING });
    expect(whatsapp).not.toBeChecked();
    expect(whatsapp).not.toHaveAttribute('aria-required');
    expect(whatsapp).toHaveAccessibleDescription('optional');
  });

  it('sends the WhatsApp opt-in with its exact words only when the box is ticked, and keeps the tick in the draft', async () => {
    const requests = stubApi({ [ROUTE]: () => Response.json(RECEIPT, { status: 201 }) });
    const { user } = renderDialog();
    await fillIn(user);
    await user.click(screen.getByLabelText(CALLBACK_WHATSAPP_OPT_IN_WORDING));
    expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY)!).values.whatsappOptIn).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    await screen.findByRole('status');
    expect(await requests[0].json()).toEqual({
      name: 'Kavya Menon',
      phone: '98450 12345',
      consent: true,
      consentWording: CALLBACK_CONSENT_WORDING,
      whatsappOptIn: true,
      whatsappOptInWording: CALLBACK_WHATSAPP_OPT_IN_WORDING,
    });
  });

  it("places the API's field errors beside their fields", async () => {
    stubApi({
      [ROUTE]: () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: 'Invalid phone: is not a valid phone number', errors: [{ field: 'phone', message: 'is not a valid phone number' }] },
          { status: 400 },
        ),
    });
    const { user } = renderDialog();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    await waitFor(() => expect(messageOf('Phone')).toBe('Phone is not a valid phone number'));
    expect(screen.getByLabelText('Phone')).toHaveFocus();
  });

  it('keeps what was typed while the API is down, says so, and sends it again until it is answered', async () => {
    let calls = 0;
    const requests = stubApi({
      [ROUTE]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        if (calls === 2) return Response.json({ statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable.' }, { status: 503 });
        return Response.json(RECEIPT, { status: 201 });
      },
    });
    const user = userEvent.setup();
    // The second retry waits long enough for the test to read what the page says meanwhile.
    render(<CallbackRequestDialog onClose={vi.fn()} properties={SAMPLE_PROPERTIES} retryDelayMs={(attempt) => (attempt === 1 ? 2_000 : 5)} />);
    await fillIn(user);
    await user.type(screen.getByLabelText('Email'), 'kavya@example.in');
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));

    expect(await screen.findByText('We could not reach our server just now… retrying in 2 s. What you typed is kept.')).toBeInTheDocument();
    const kept = JSON.parse(window.localStorage.getItem(DRAFT_KEY)!);
    expect(kept).toEqual({ values: expect.objectContaining({ name: 'Kavya Menon', phone: '98450 12345', email: 'kavya@example.in', consent: true, website: '' }), pending: true });
    expect(screen.getByLabelText('Name')).toHaveValue('Kavya Menon');

    expect(await screen.findByText('Our agent will call you in about a minute.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(requests).toHaveLength(3);
    for (const request of requests) expect(await request.json()).toMatchObject({ name: 'Kavya Menon', email: 'kavya@example.in' });
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('after a reload, opens the form again with what was typed and sends the request that was never answered', async () => {
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ values: { name: 'Rohan Iyer', phone: '98450 54321', email: '', preferredTime: '', propertyId: '13', consent: true, website: '' }, pending: true }),
    );
    const requests = stubApi({ ...LISTED, [ROUTE]: () => Response.json({ message: 'Our agent will call you tomorrow at 9:00 am', callAt: null }, { status: 201 }) });
    renderWithQueryClient(<PropertyExplorer callButton={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request a callback' });
    expect(await within(dialog).findByText('Our agent will call you tomorrow at 9:00 am.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(await sent.json()).toEqual({ name: 'Rohan Iyer', phone: '98450 54321', propertyId: 13, consent: true, consentWording: CALLBACK_CONSENT_WORDING });
  });

  it('keeps what was typed when closed, for the next time it opens', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Meera Joshi');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY)!)).toMatchObject({ values: { name: 'Meera Joshi' }, pending: false });
  });
});

describe('the "Request a callback" buttons of the explorer', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('opens the form for no property from the explorer, and for its property from a card; focus returns to the button', async () => {
    stubApi(LISTED);
    const user = userEvent.setup();
    renderWithQueryClient(<PropertyExplorer callButton={null} />);
    await screen.findByRole('button', { name: 'Request a callback about Skyline Residency 2BHK' });
    await user.click(screen.getByRole('button', { name: 'Request a callback' }));
    expect(screen.getByLabelText('Interested in')).toHaveDisplayValue('Any property');
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a callback' })).toHaveFocus();

    const card = screen.getByRole('button', { name: 'Request a callback about Skyline Residency 2BHK' });
    await user.click(card);
    expect(screen.getByLabelText('Interested in')).toHaveDisplayValue('Skyline Residency 2BHK');
  });

  it('lists the properties the page lists, a property an admin added too', async () => {
    stubApi({ 'GET /api/properties': () => Response.json([...SAMPLE_PROPERTIES, { ...SAMPLE_PROPERTIES[0], id: 17, name: 'Lakeview Towers 2BHK', imageKey: null }]) });
    const user = userEvent.setup();
    renderWithQueryClient(<PropertyExplorer callButton={null} />);
    await user.click(await screen.findByRole('button', { name: 'Request a callback about Lakeview Towers 2BHK' }));
    const options = within(screen.getByLabelText('Interested in')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Any property', ...SAMPLE_PROPERTIES.map((property) => property.name), 'Lakeview Towers 2BHK']);
    expect(screen.getByLabelText('Interested in')).toHaveValue('17');
  });
});
