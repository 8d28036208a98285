import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aSpeedToLeadReport, someSpeedFigures } from '../../../testing/speedToLeadFixtures';
import { SpeedToLeadDialog } from '../components/SpeedToLeadDialog';

const NOW = new Date('2026-11-10T12:00:00.000Z');
const ZONE = 'Asia/Kolkata';
const periodOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;

describe('SpeedToLeadDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the last 7 days' figures: shares, per source and per agent, and the leads still waiting, oldest first", async () => {
    const requests = stubApi({ 'GET /api/reports/speed-to-lead': () => Response.json(aSpeedToLeadReport()) });
    renderWithQueryClient(<SpeedToLeadDialog onClose={vi.fn()} timeZone={ZONE} now={NOW} />);
    const dialog = screen.getByRole('dialog', { name: 'Speed to lead' });
    expect(await within(dialog).findByText('New leads', { selector: 'dt' })).toBeInTheDocument();
    expect(periodOf(requests[0])).toEqual({ from: '2026-11-04', to: '2026-11-10', tz: ZONE });
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

    expect(tile('New leads')).toHaveTextContent('6');
    expect(tile('Called within 1 min')).toHaveTextContent('17%');
    expect(tile('Called within 5 min')).toHaveTextContent('50%');
    expect(tile('Waiting for a first call')).toHaveTextContent('2');

    const bySource = within(dialog).getByRole('table', { name: 'By source' });
    expect(within(rowOf(bySource, 'facebook ads')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '7 min', '9 min 24 s', '5 min', '10 min', '33%']);
    expect(within(rowOf(bySource, 'web form')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '1 min', '1 min 24 s', '5 min', '10 min', '67%']);
    const byAgent = within(dialog).getByRole('table', { name: 'By agent' });
    expect(within(rowOf(byAgent, 'Asha Rao')).getAllByRole('cell')[1]).toHaveTextContent('1 min 30 s');
    // Nobody owns it and nobody called it: no time to show.
    expect(within(rowOf(byAgent, 'Unassigned')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '—', '—', '—', '—', '0%']);

    const waiting = within(dialog).getByRole('region', { name: 'Still waiting for a first call, oldest first' });
    expect(within(waiting).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Lakshmi Nair', 'Imran Sheikh']);
    expect(rowOf(waiting, 'Lakshmi Nair')).toHaveTextContent('Bala Menon');
    expect(rowOf(waiting, 'Imran Sheikh')).toHaveTextContent('Unassigned');
    // A kept report may be minutes old: the panel says when its figures were aggregated.
    const asOf = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-10T11:58:00.000Z'));
    expect(within(dialog).getByText(`Figures as of ${asOf}`)).toBeInTheDocument();
  });

  it('asks for the period chosen: a preset, or days typed in', async () => {
    const requests = stubApi({ 'GET /api/reports/speed-to-lead': () => Response.json(aSpeedToLeadReport()) });
    const user = userEvent.setup();
    renderWithQueryClient(<SpeedToLeadDialog onClose={vi.fn()} timeZone={ZONE} now={NOW} />);
    await screen.findByText('New leads', { selector: 'dt' });

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await vi.waitFor(() => expect(periodOf(requests.at(-1)!)).toEqual({ from: '2026-11-10', to: '2026-11-10', tz: ZONE }));
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await vi.waitFor(() => expect(periodOf(requests.at(-1)!)).toEqual({ from: '2026-10-12', to: '2026-11-10', tz: ZONE }));

    // A date input takes its day whole, as a browser's date picker gives it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await vi.waitFor(() => expect(periodOf(requests.at(-1)!)).toEqual({ from: '2026-11-01', to: '2026-11-10', tz: ZONE }));
    for (const preset of ['Today', 'Last 7 days', 'Last 30 days']) expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'false');
  });

  it("says the period chosen is being aggregated while the figures shown are still the last period's, then shows its own", async () => {
    let answerChosen: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/reports/speed-to-lead': (request) =>
        periodOf(request).from === '2026-01-01' ? new Promise<Response>((resolve) => (answerChosen = resolve)) : Response.json(aSpeedToLeadReport()),
    });
    renderWithQueryClient(<SpeedToLeadDialog onClose={vi.fn()} timeZone={ZONE} now={NOW} />);
    await screen.findByText('New leads', { selector: 'dt' });
    const figures = () => screen.getByText('New leads', { selector: 'dt' }).closest('.speed-to-lead__figures')!;
    expect(screen.queryByText(/Aggregating the period chosen/)).not.toBeInTheDocument();
    expect(figures()).toHaveAttribute('aria-busy', 'false');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Aggregating the period chosen… The figures below are still those of the period before.');
    expect(figures()).toHaveAttribute('aria-busy', 'true');
    expect(tile('New leads')).toHaveTextContent('6');

    answerChosen(Response.json(aSpeedToLeadReport({ overall: someSpeedFigures({ leads: 1234 }) })));
    await vi.waitFor(() => expect(tile('New leads')).toHaveTextContent('1234'));
    expect(screen.queryByText(/Aggregating the period chosen/)).not.toBeInTheDocument();
    expect(figures()).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when no lead arrived, and when every lead had its call', async () => {
    stubApi({
      'GET /api/reports/speed-to-lead': () =>
        Response.json(aSpeedToLeadReport({ overall: someSpeedFigures({ leads: 0, attemptedWithin1Minute: null, attemptedWithin5Minutes: null }), bySource: [], byAgent: [], waiting: { total: 0, leads: [] } })),
    });
    renderWithQueryClient(<SpeedToLeadDialog onClose={vi.fn()} timeZone={ZONE} now={NOW} />);
    expect(await screen.findByText('No leads arrived in this period.')).toBeInTheDocument();
    expect(screen.getByText('Every lead of the period has had a first call.')).toBeInTheDocument();
    expect(tile('Called within 1 min')).toHaveTextContent('—');
  });

  it("shows the API's error with a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/reports/speed-to-lead': () => Response.json({ statusCode: 400, message: 'Invalid to: must not be before from' }, { status: 400 }) });
    renderWithQueryClient(<SpeedToLeadDialog onClose={vi.fn()} timeZone={ZONE} now={NOW} />);
    expect(await screen.findByText('Could not load the speed-to-lead report')).toBeInTheDocument();
    expect(screen.getByText(/must not be before from/)).toBeInTheDocument();
  });
});
