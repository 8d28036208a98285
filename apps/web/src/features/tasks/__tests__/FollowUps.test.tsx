// The browser's IndexedDB, which the page's reminders keep their ledger in (jsdom has none).
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aCalendar, aTask, taskPage } from '../../../testing/taskFixtures';
import { FollowUps } from '../components/FollowUps';
import type { LeadOpener } from '../leadOpener';

const leadOpener = (): LeadOpener => ({ href: (id) => `/?lead=${id}`, open: vi.fn() });
const dueList = (name: RegExp) => screen.getByRole('region', { name });

describe('Follow-ups on the dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the member’s tasks due today and overdue with their counts, type, time, lead and a visit’s property, live', async () => {
    const today = [
      aTask({ id: 't1', type: 'site_visit', leadName: 'Aarav Sharma', leadId: 'lead-a', dueAt: '2030-01-02T05:30:00.000Z', property: { id: 1, name: 'Skyline Residency 2BHK' } }),
      aTask({ id: 't2', type: 'call', leadName: 'Priya Iyer', leadId: 'lead-p', dueAt: '2030-01-02T09:00:00.000Z', property: { id: 2, name: 'Not a visit' } }),
    ];
    const overdue = [aTask({ id: 't3', type: 'meeting', leadName: 'Rohan Mehta', dueAt: '2029-12-30T06:00:00.000Z' })];
    const requests = stubApi({
      'GET /api/tasks': (request) => {
        const query = new URL(request.url).searchParams;
        expect(query.get('assignee')).toBe('me');
        return query.get('due') === 'overdue' ? taskPage(overdue) : taskPage(today);
      },
      'GET /api/calendar': () => Response.json(aCalendar()),
    });
    const opener = leadOpener();
    renderWithQueryClient(<FollowUps signedIn leadOpener={opener} />);

    expect(await screen.findByRole('heading', { name: 'Due today (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overdue (1)' })).toBeInTheDocument();
    const todays = within(dueList(/^Due today/)).getAllByRole('listitem');
    expect(todays[0]).toHaveTextContent(/^Site visit.*Aarav Sharma\s*Skyline Residency 2BHK$/);
    // A call's property is not a visit's: left out.
    expect(todays[1]).toHaveTextContent(/^Call.*Priya Iyer$/);
    expect(within(todays[0]).getByRole('time')).toHaveAttribute('datetime', '2030-01-02T05:30:00.000Z');
    expect(within(dueList(/^Overdue/)).getByRole('listitem')).toHaveTextContent(/^Meeting.*Dec.*Rohan Mehta$/);
    const tz = new URL(requests[0].url).searchParams.get('tz');
    expect(tz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const link = within(todays[0]).getByRole('link', { name: 'Aarav Sharma' });
    expect(link).toHaveAttribute('href', '/?lead=lead-a');
    await userEvent.setup().click(link);
    expect(opener.open).toHaveBeenCalledWith('lead-a');

    // A task made elsewhere (by the agent during a call): the live stream says so, the list is read again.
    today.push(aTask({ id: 't4', type: 'call', leadName: 'Kavya Nair', dueAt: '2030-01-02T11:00:00.000Z' }));
    act(() => FakeEventSource.latest().emit('task.created', today[2]));
    expect(await screen.findByRole('heading', { name: 'Due today (3)' })).toBeInTheDocument();
    expect(within(dueList(/^Due today/)).getByRole('link', { name: 'Kavya Nair' })).toBeInTheDocument();
  });

  it('says when nothing is due, and shows neither list nor reminders in open mode, where nobody is signed in', async () => {
    stubApi({ 'GET /api/tasks': () => taskPage([]), 'GET /api/calendar': () => Response.json(aCalendar()) });
    const { unmount } = renderWithQueryClient(<FollowUps signedIn leadOpener={leadOpener()} />);
    expect(await screen.findByText('Nothing due today.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing overdue.')).toBeInTheDocument();
    unmount();

    const requests = stubApi({ 'GET /api/calendar': () => Response.json(aCalendar()) });
    renderWithQueryClient(<FollowUps signedIn={false} leadOpener={leadOpener()} />);
    expect(await screen.findByText('No site visits this week.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Due today/ })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/calendar']));
  });

  it('moves a task from "Due today" to "Overdue" when its time passes, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const call = aTask({ id: 'soon', leadName: 'Soon Lead', dueAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    stubApi({
      // The API's windows: today until its time, overdue from then on.
      'GET /api/tasks': (request) => {
        const window = new URL(request.url).searchParams.get('due');
        const isPast = Date.parse(call.dueAt) <= Date.now();
        return taskPage((window === 'overdue') === isPast ? [call] : []);
      },
      'GET /api/calendar': () => Response.json(aCalendar()),
    });
    renderWithQueryClient(<FollowUps signedIn leadOpener={leadOpener()} />);
    expect(await screen.findByRole('heading', { name: 'Due today (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overdue (0)' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(await screen.findByRole('heading', { name: 'Overdue (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Due today (0)' })).toBeInTheDocument();
    expect(within(dueList(/^Overdue/)).getByRole('link', { name: 'Soon Lead' })).toBeInTheDocument();
  });

  it('offers the next page of a long list', async () => {
    stubApi({
      'GET /api/tasks': (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('due') === 'overdue') return taskPage([]);
        return query.get('cursor') ? taskPage([aTask({ id: 'p2', leadName: 'Second Page' })], 2) : taskPage([aTask({ id: 'p1' })], 2, '/api/tasks?assignee=me&due=today&cursor=abc');
      },
      'GET /api/calendar': () => Response.json(aCalendar()),
    });
    renderWithQueryClient(<FollowUps signedIn leadOpener={leadOpener()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Second Page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
