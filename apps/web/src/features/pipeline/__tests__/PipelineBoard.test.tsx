import type { Lead } from '@lead-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePipelineApi, STAGES } from '../../../testing/fakePipelineApi';
import { FakeEventSource } from '../../../testing/FakeEventSource';
import { aLead } from '../../../testing/leadFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { LeadManagement } from '../../leads';

const NEW = { id: 'stage-new', name: 'New', kind: 'open' } as const;
const CONTACTED = { id: 'stage-contacted', name: 'Contacted', kind: 'open' } as const;

function someLeads(): Lead[] {
  return [
    aLead({ _id: 'l3', name: 'Rohan Mehta', stage: NEW, version: 4, createdAt: '2026-05-14T10:00:00.000Z' }),
    aLead({ _id: 'l2', name: 'Sneha Kulkarni', stage: CONTACTED, createdAt: '2026-05-13T10:00:00.000Z' }),
    aLead({ _id: 'l1', name: 'Aarav Sharma', stage: NEW, createdAt: '2026-05-12T10:00:00.000Z' }),
  ];
}

/**
 * jsdom lays nothing out: columns get a box side by side (300 px apart) and cards one
 * inside their column, so dnd-kit can tell which column a keyboard-moved card is over.
 */
function layOutBoard(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('board-column__cards') ? 800 : 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    // The picture dragged under the pointer (DragOverlay) starts where its card is.
    const dragged = this.matches(':has(.board-card--dragged), .board-card--dragged') ? document.querySelector('[data-dragging]') : null;
    const column = (dragged ?? this).closest('[data-board-column]');
    const left = column ? Number(column.getAttribute('data-board-column')) * 300 : 0;
    const [x, y, width, height] = !column ? [0, 0, 0, 0] : this === column && !dragged ? [left, 0, 280, 700] : [left + 10, 60, 260, 100];
    return { x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON: () => ({}) } as DOMRect;
  });
  Element.prototype.scrollIntoView = () => undefined;
}

const column = (name: string) => screen.getByRole('region', { name: `${name} leads` }).closest('section') as HTMLElement;
const cardsIn = (name: string) => within(column(name)).queryAllByTestId('board-card').map((card) => within(card).getByRole('heading').textContent);
const countOf = (name: string) => within(column(name)).getByTestId('board-column-count').textContent;

async function moveByKeyboard(name: string, steps: number) {
  const user = userEvent.setup();
  screen.getByRole('button', { name: `Move ${name}` }).focus();
  await user.keyboard('[Space]');
  for (let step = 0; step < steps; step += 1) await user.keyboard('[ArrowRight]');
  await user.keyboard('[Space]');
}

describe('PipelineBoard', () => {
  beforeEach(() => {
    layOutBoard();
    window.history.replaceState(null, '', '/?layout=board');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a column per stage in use with its count, each paged from GET /api/leads?stage=', async () => {
    const requests = fakePipelineApi(someLeads());
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await waitFor(() => expect(cardsIn('New')).toEqual(['Rohan Mehta', 'Aarav Sharma']));
    expect(screen.getAllByRole('heading', { level: 5 }).filter((heading) => heading.classList.contains('board-column__name')).map((heading) => heading.textContent)).toEqual(['New', 'Contacted', 'Lost']);
    expect(cardsIn('Contacted')).toEqual(['Sneha Kulkarni']);
    await waitFor(() => expect(countOf('New')).toBe('2'));
    expect(countOf('Contacted')).toBe('1');
    expect(countOf('Lost')).toBe('0');
    const columnReads = requests.filter((request) => new URL(request.url).pathname === '/api/leads').map((request) => new URL(request.url).searchParams.get('stage'));
    expect(columnReads.toSorted()).toEqual(['stage-contacted', 'stage-lost', 'stage-new']);
    expect(screen.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves a card to the next stage by keyboard, with If-Match, and recounts', async () => {
    const leads = someLeads();
    const requests = fakePipelineApi(leads);
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await waitFor(() => expect(countOf('New')).toBe('2'));

    await moveByKeyboard('Rohan Mehta', 1);
    await waitFor(() => expect(cardsIn('Contacted')).toEqual(['Rohan Mehta', 'Sneha Kulkarni']));
    expect(cardsIn('New')).toEqual(['Aarav Sharma']);
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(new URL(patch.url).pathname).toBe('/api/leads/l3');
    expect(patch.headers.get('If-Match')).toBe('"4"');
    expect(await patch.json()).toEqual({ stageId: 'stage-contacted' });
    await waitFor(() => expect(countOf('Contacted')).toBe('2'));
    expect(countOf('New')).toBe('1');
    expect(leads[0].stage.id).toBe('stage-contacted');
  });

  it('puts the card back and says why when the lead changed meanwhile (412)', async () => {
    // The board read version 4; someone has since saved version 5.
    fakePipelineApi(someLeads(), {
      'PATCH /api/leads/l3': () => Response.json({ statusCode: 412, message: 'The lead was changed since you read it.' }, { status: 412 }),
    });
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await waitFor(() => expect(countOf('New')).toBe('2'));

    await moveByKeyboard('Rohan Mehta', 1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The move was undone');
    expect(alert).toHaveTextContent('Rohan Mehta was changed by someone else meanwhile, so it was not moved.');
    await waitFor(() => expect(cardsIn('New')).toEqual(['Rohan Mehta', 'Aarav Sharma']));
    expect(cardsIn('Contacted')).toEqual(['Sneha Kulkarni']);
    await waitFor(() => expect(countOf('New')).toBe('2'));
    expect(countOf('Contacted')).toBe('1');
  });

  it('asks for the lost reason before moving a card to a lost stage', async () => {
    const requests = fakePipelineApi(someLeads());
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await waitFor(() => expect(countOf('New')).toBe('2'));

    await moveByKeyboard('Aarav Sharma', 2);
    const dialog = await screen.findByRole('dialog', { name: 'Move to Lost' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Move to Lost' }));
    expect(within(dialog).getByText('Say why the lead was lost')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Lost reason'), 'Bought elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Lost' }));
    await waitFor(() => expect(cardsIn('Lost')).toEqual(['Aarav Sharma']));
    expect(within(column('Lost')).getByText(/Bought elsewhere/)).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ stageId: 'stage-lost', lostReason: 'Bought elsewhere' });
  });

  it('follows live changes: a lead moved elsewhere, a lead removed, a stage renamed', async () => {
    const leads = someLeads();
    fakePipelineApi(leads);
    renderWithQueryClient(<LeadManagement canTransferFiles />);
    await waitFor(() => expect(countOf('New')).toBe('2'));

    const moved = { ...leads[2], stage: CONTACTED, version: 2 };
    leads[2] = moved;
    act(() => FakeEventSource.latest().emit('lead.updated', moved));
    await waitFor(() => expect(cardsIn('Contacted')).toEqual(['Sneha Kulkarni', 'Aarav Sharma']));
    expect(cardsIn('New')).toEqual(['Rohan Mehta']);
    await waitFor(() => expect(countOf('Contacted')).toBe('2'));

    leads.splice(1, 1);
    act(() => FakeEventSource.latest().emit('lead.removed', { id: 'l2' }));
    await waitFor(() => expect(cardsIn('Contacted')).toEqual(['Aarav Sharma']));
    await waitFor(() => expect(countOf('Contacted')).toBe('1'));

    act(() => FakeEventSource.latest().emit('stages.updated', STAGES.map((stage) => (stage.id === 'stage-contacted' ? { ...stage, name: 'Called' } : stage))));
    expect(await screen.findByRole('region', { name: 'Called leads' })).toBeInTheDocument();
  });
});
