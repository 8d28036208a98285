import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aCalendar, aCalendarTask } from '../../../testing/taskFixtures';
import { VisitCalendar } from '../calendar/VisitCalendar';

const leadOpener = { href: (id: string) => `/?lead=${id}`, open: vi.fn() };
const visit = (id: string, leadName: string, dueAt: string, overrides = {}) => aCalendarTask({ id, leadName, leadId: `lead-${id}`, dueAt, endsAt: null, ...overrides });

describe('The site visits calendar', () => {
  beforeEach(() => {
    // Thursday 26 November 2026, 10:00 in India; only Date is faked, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T04:30:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the week’s visits with a row per agent and a column per day, and moves a week back, forward and to today', async () => {
    const requests = stubApi({
      'GET /api/calendar': (request) => {
        const from = new URL(request.url).searchParams.get('from');
        if (from !== '2026-11-23') return Response.json(aCalendar({ from: from!, agents: [] }));
        return Response.json(
          aCalendar({
            agents: [
              { assignee: { id: 's2', name: 'Ravi Kumar' }, tasks: [visit('v1', 'Aarav Sharma', '2026-11-23T05:30:00.000Z'), visit('v2', 'Priya Iyer', '2026-11-29T12:30:00.000Z', { status: 'done' })] },
              { assignee: { id: 's3', name: 'Meera Joshi' }, tasks: [visit('v3', 'Rohan Mehta', '2026-11-26T08:30:00.000Z')] },
              { assignee: null, tasks: [visit('v4', 'Kavya Nair', '2026-11-24T06:00:00.000Z')] },
            ],
          }),
        );
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<VisitCalendar timeZone="Asia/Kolkata" leadOpener={leadOpener} />);

    const table = await screen.findByRole('table', { name: /Site visits 23 Nov – 29 Nov 2026/ });
    const query = new URL(requests[0].url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ from: '2026-11-23', to: '2026-11-29', tz: 'Asia/Kolkata', type: 'site_visit' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Agent', 'Mon23 Nov', 'Tue24 Nov', 'Wed25 Nov', 'Thu26 Nov', 'Fri27 Nov', 'Sat28 Nov', 'Sun29 Nov']);
    expect(within(table).getByRole('columnheader', { name: /^Thu/ })).toHaveAttribute('aria-current', 'date');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ravi Kumar', 'Meera Joshi', 'Not assigned']);
    const cells = (row: number) => within(rows[row]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(0)[0]).toMatch(/^11:00 am Aarav SharmaSkyline Residency 2BHK$/);
    expect(cells(0)[6]).toMatch(/^6:00 pm Priya IyerSkyline Residency 2BHKDone$/);
    expect(cells(0).slice(1, 6)).toEqual(['', '', '', '', '']);
    expect(cells(1)[3]).toMatch(/Rohan Mehta/);
    expect(cells(2)[1]).toMatch(/Kavya Nair/);
    expect(within(rows[0]).getByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute('href', '/?lead=lead-v1');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No site visits this week.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /30 Nov – 6 Dec 2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: /16 Nov – 22 Nov 2026/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('table', { name: /23 Nov – 29 Nov 2026/ })).toBeInTheDocument();
    expect(new Set(requests.map((request) => new URL(request.url).searchParams.get('from')))).toEqual(new Set(['2026-11-23', '2026-11-30', '2026-11-16']));
  });
});
