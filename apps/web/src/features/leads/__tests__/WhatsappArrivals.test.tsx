import type { Session, WhatsappMessage } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { stubApi } from '../../../testing/apiStub';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aWhatsappMessage } from '../../../testing/whatsappFixtures';
import { WhatsappArrivals } from '../components/whatsapp/WhatsappArrivals';

const AGENT: Session = { authMode: 'staff', staff: { id: 'agent-1', email: 'riya@example.in', name: 'Riya Das', role: 'agent' }, csrfToken: 'csrf-1' };
const ADMIN: Session = { authMode: 'staff', staff: { id: 'admin-1', email: 'asha@example.in', name: 'Asha Rao', role: 'admin' }, csrfToken: 'csrf-1' };

const aMessage = (overrides: Partial<WhatsappMessage>) => aWhatsappMessage({ leadId: 'lead-mine', text: 'Can I visit tomorrow?', ...overrides });

function stubNotifications() {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

function stubLeads(session: Session) {
  const owner = { id: 'agent-1', name: 'Riya Das', email: 'riya@example.in' };
  return stubApi({
    'GET /api/auth/me': () => Response.json(session),
    'GET /api/leads/lead-mine': () => Response.json({ ...aLead({ _id: 'lead-mine', name: 'Meera Iyer', owner }), calls: [] }),
    'GET /api/leads/lead-theirs': () => Response.json({ ...aLead({ _id: 'lead-theirs', name: 'Kabir Shah', owner: { id: 'agent-2', name: 'Dev Patel', email: 'dev@example.in' } }), calls: [] }),
  });
}

const arrivals = () => within(screen.getByRole('region', { name: 'New WhatsApp messages' })).queryAllByRole('article');

describe('New WhatsApp messages', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the owner of the lead, once per message, on the page and from the system, with a link to the lead', async () => {
    stubLeads(AGENT);
    const notifications = stubNotifications();
    renderWithQueryClient(<WhatsappArrivals />);
    await waitFor(() => expect(FakeEventSource.instances).not.toHaveLength(0));
    act(() => FakeEventSource.latest().open());
    await screen.findByRole('region', { name: 'New WhatsApp messages' });
    // Wait for the session, so the owner is known.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/auth/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({})));
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({})));
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-2', direction: 'outbound', text: 'Sure, 11 am?', status: 'delivered' })));
    await waitFor(() => expect(arrivals()).toHaveLength(1));
    expect(arrivals()[0]).toHaveTextContent('WhatsApp from Meera Iyer: Can I visit tomorrow?');
    expect(within(arrivals()[0]).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute('href', '/?lead=lead-mine');
    expect(notifications).toEqual([{ title: 'WhatsApp from Meera Iyer', options: { body: 'Can I visit tomorrow?', tag: 'whatsapp-wa-1' } }]);

    await userEvent.setup().click(within(arrivals()[0]).getByRole('link', { name: 'Meera Iyer' }));
    expect(window.location.search).toBe('?lead=lead-mine');
    expect(arrivals()).toHaveLength(0);
  });

  it('does not tell an admin of a message on another member’s lead', async () => {
    stubLeads(ADMIN);
    const notifications = stubNotifications();
    renderWithQueryClient(<WhatsappArrivals />);
    await waitFor(() => expect(FakeEventSource.instances).not.toHaveLength(0));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/auth/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    act(() => FakeEventSource.latest().emit('whatsapp.message', aMessage({ id: 'wa-3', leadId: 'lead-theirs' })));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/leads/lead-theirs'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(arrivals()).toHaveLength(0);
    expect(notifications).toEqual([]);
  });
});
