import type { Task } from '@lead-desk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { stubApi } from '../../../testing/apiStub';
import { aTask, taskPage } from '../../../testing/taskFixtures';
import { useLiveTaskUpdates } from '../hooks/useLiveTaskUpdates';
import type { LeadOpener } from '../leadOpener';
import { indexedDbReminderLedger, type ReminderLedger } from '../reminders/reminderLedger';
import { ReminderNotificationsSwitch } from '../reminders/ReminderNotificationsSwitch';
import { TaskReminders } from '../reminders/TaskReminders';

const leadOpener: LeadOpener = { href: (id) => `/?lead=${id}`, open: vi.fn() };

/** A ledger that counts the claims made through it, so a test knows when a tab has decided. */
function countingLedger(ledger: ReminderLedger) {
  const counted = { claims: 0, claim: async (key: string, now: number) => ledger.claim(key, now).finally(() => (counted.claims += 1)) };
  return counted;
}

/** One browser tab: its own query cache and connection to the browser's IndexedDB, following the live stream. */
function Tab({ ledger }: { ledger: ReminderLedger }) {
  useLiveTaskUpdates();
  return <TaskReminders timeZone="Asia/Kolkata" leadOpener={leadOpener} ledger={ledger} />;
}

function openTab(ledger: ReminderLedger) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Tab ledger={ledger} />
    </QueryClientProvider>,
  );
}

/** The browser's Notification, granted or not; returns the notifications shown. */
function stubNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const requestPermission = vi.fn(async () => (permission = 'granted'));
  class FakeNotification {
    static get permission() {
      return permission;
    }
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

const reminders = () => screen.getAllByRole('region', { name: 'Reminders' });
const shownReminders = () => reminders().flatMap((region) => within(region).queryAllByRole('article'));
const HOUR = 60 * 60_000;
const inAMoment = (ms: number) => new Date(Date.now() + ms).toISOString();
const isDueList = (request: Request, due: 'today' | 'overdue') => {
  const query = new URL(request.url).searchParams;
  return query.get('assignee') === 'me' && query.get('due') === due;
};

describe('Task reminders', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('remind once across two tabs at the due time, also of a task added after the page opened, and as a system notification when allowed', async () => {
    // Timers and the clock run on their own and jump an hour when told; IndexedDB's own scheduling stays real.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const notifications = stubNotifications('granted');
    const tasks: Task[] = [aTask({ id: 'call-1', dueAt: inAMoment(HOUR) })];
    const requests = stubApi({ 'GET /api/tasks': (request) => taskPage(isDueList(request, 'today') ? tasks : []) });
    const browser = new IDBFactory();
    const [first, second] = [countingLedger(indexedDbReminderLedger(browser)), countingLedger(indexedDbReminderLedger(browser))];
    openTab(first);
    openTab(second);
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(first.claims + second.claims).toBe(0);
    expect(shownReminders()).toHaveLength(0);

    act(() => vi.advanceTimersByTime(HOUR));
    await waitFor(() => expect(first.claims + second.claims).toBe(2));
    await waitFor(() => expect(shownReminders()).toHaveLength(1));
    expect(shownReminders()[0]).toHaveTextContent(/^Call now with Sanjay Kulkarni at/);
    expect(within(shownReminders()[0]).getByRole('link', { name: 'Sanjay Kulkarni' })).toHaveAttribute('href', '/?lead=lead-1');
    expect(notifications.shown).toEqual([{ title: 'Call with Sanjay Kulkarni', options: expect.objectContaining({ tag: `call-1@${tasks[0].dueAt}` }) }]);

    // A site visit booked after the page opened: the live stream says so, the tabs read their tasks again.
    const visit = aTask({ id: 'visit-1', type: 'site_visit', leadName: 'Meera Joshi', property: { id: 1, name: 'Skyline Residency 2BHK' }, dueAt: inAMoment(HOUR) });
    tasks.push(visit);
    act(() => FakeEventSource.latest().emit('task.created', visit));
    await waitFor(() => expect(requests).toHaveLength(8));
    act(() => vi.advanceTimersByTime(HOUR));
    await waitFor(() => expect(first.claims + second.claims).toBe(4));
    await waitFor(() => expect(shownReminders()).toHaveLength(2));
    expect(shownReminders()[1]).toHaveTextContent(/^Site visit now with Meera Joshi at .* · Skyline Residency 2BHK$/);
    expect(notifications.shown.map(({ title }) => title)).toEqual(['Call with Sanjay Kulkarni', 'Site visit with Meera Joshi']);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Dismiss the reminder of Sanjay Kulkarni' }));
    expect(shownReminders()).toHaveLength(1);
  });

  it('do not remind again after a reload, nor of a task that fell due long before the page opened', async () => {
    stubNotifications('denied');
    const today = [aTask({ id: 'call-2', dueAt: inAMoment(100) })];
    const overdue = [aTask({ id: 'long-ago', leadName: 'Old Lead', dueAt: inAMoment(-60 * 60_000) })];
    stubApi({ 'GET /api/tasks': (request) => taskPage(isDueList(request, 'today') ? today : overdue) });
    const browser = new IDBFactory();
    const before = countingLedger(indexedDbReminderLedger(browser));
    const { unmount } = openTab(before);
    await waitFor(() => expect(shownReminders()).toHaveLength(1));
    expect(before.claims).toBe(1);
    unmount();

    const reloaded = countingLedger(indexedDbReminderLedger(browser));
    openTab(reloaded);
    await waitFor(() => expect(reloaded.claims).toBe(1));
    expect(shownReminders()).toHaveLength(0);
  });

  it('remind of a task the API moved to overdue before this tab looked (a throttled background tab)', async () => {
    const call = aTask({ id: 'call-4', dueAt: inAMoment(-2000) });
    stubApi({ 'GET /api/tasks': (request) => taskPage(isDueList(request, 'overdue') ? [call] : []) });
    openTab(indexedDbReminderLedger(new IDBFactory()));
    await waitFor(() => expect(shownReminders()).toHaveLength(1));
  });

  it('remind in the tab anyway when the browser keeps no ledger', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/tasks': (request) => taskPage(isDueList(request, 'today') ? [aTask({ id: 'call-3', dueAt: inAMoment(50) })] : []) });
    openTab(indexedDbReminderLedger());
    await waitFor(() => expect(shownReminders()).toHaveLength(1));
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('reminding of task call-3 in this tab'), expect.any(Error));
  });
});

describe('The reminder notifications switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the browser’s permission only when pressed, then says they are on', async () => {
    const notifications = stubNotifications('default');
    render(<ReminderNotificationsSwitch />);
    expect(notifications.requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn on reminder notifications' }));
    expect(notifications.requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByText('Reminder notifications are on.')).toBeInTheDocument();
  });

  it('says where the browser blocks them, and shows nothing where it has none', () => {
    stubNotifications('denied');
    const { unmount } = render(<ReminderNotificationsSwitch />);
    expect(screen.getByText(/Notifications are blocked/)).toBeInTheDocument();
    unmount();
    vi.stubGlobal('Notification', undefined);
    const { container } = render(<ReminderNotificationsSwitch />);
    expect(container).toBeEmptyDOMElement();
  });
});
