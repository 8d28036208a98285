import type { LeadNote, Session } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../../testing/renderWithQueryClient';
import { LeadDetailsDialog } from '../../components/LeadDetailsDialog';
import { LEAD, requestsTo, stubDetailsApi } from './detailsApi';

const AGENT: Session = { authMode: 'staff', staff: { id: 'agent-1', email: 'riya@example.in', name: 'Riya Das', role: 'agent' }, csrfToken: 'csrf-1' };

const aNote = (overrides: Partial<LeadNote>): LeadNote => ({
  id: 'note-1',
  leadId: 'lead-1',
  body: 'Prefers a corner flat.',
  author: { id: 'agent-1', name: 'Riya Das' },
  createdAt: '2026-05-14T11:00:00.000Z',
  updatedAt: '2026-05-14T11:00:00.000Z',
  ...overrides,
});

const notes = () => screen.queryAllByTestId('lead-note');

describe('Notes on a lead', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a note and shows it with the others, newest first', async () => {
    const stored = [aNote({})];
    const requests = stubDetailsApi(
      { session: AGENT },
      {
        'GET /api/leads/lead-1/notes': () => Response.json(stored),
        'POST /api/leads/lead-1/notes': async (request) => {
          const note = aNote({ id: 'note-2', body: ((await request.json()) as { body: string }).body, createdAt: '2026-05-15T09:00:00.000Z', updatedAt: '2026-05-15T09:00:00.000Z' });
          stored.unshift(note);
          return Response.json(note, { status: 201 });
        },
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(notes()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByLabelText('New note')).toHaveAccessibleDescription('New note is required');
    expect(requestsTo(requests, 'POST /api/leads/lead-1/notes')).toHaveLength(0);

    await user.type(screen.getByLabelText('New note'), '  Site visit on Saturday, 11 am.  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(notes()).toHaveLength(2));
    expect(notes()[0]).toHaveTextContent('Site visit on Saturday, 11 am.');
    expect(notes()[0]).toHaveTextContent('Riya Das');
    expect(await requestsTo(requests, 'POST /api/leads/lead-1/notes')[0].json()).toEqual({ body: 'Site visit on Saturday, 11 am.' });
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('lets an agent edit and delete their own notes only', async () => {
    const requests = stubDetailsApi(
      { session: AGENT, notes: [aNote({}), aNote({ id: 'note-0', body: 'Called twice.', author: { id: 'admin-1', name: 'Asha Rao' } })] },
      {
        'PATCH /api/leads/lead-1/notes/note-1': async (request) => Response.json(aNote({ body: ((await request.json()) as { body: string }).body })),
        'DELETE /api/leads/lead-1/notes/note-1': () => new Response(null, { status: 204 }),
      },
    );
    renderWithQueryClient(<LeadDetailsDialog lead={LEAD} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(notes()).toHaveLength(2));
    const [own, colleagues] = notes();
    expect(within(colleagues).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Edit note'));
    await user.type(screen.getByLabelText('Edit note'), 'Prefers an east-facing corner flat.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(requestsTo(requests, 'PATCH /api/leads/lead-1/notes/note-1')).toHaveLength(1));
    expect(await requestsTo(requests, 'PATCH /api/leads/lead-1/notes/note-1')[0].json()).toEqual({ body: 'Prefers an east-facing corner flat.' });

    await waitFor(() => expect(notes()).toHaveLength(2));
    await user.click(within(notes()[0]).getByRole('button', { name: 'Delete' }));
    await user.click(within(notes()[0]).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(requestsTo(requests, 'DELETE /api/leads/lead-1/notes/note-1')).toHaveLength(1));
  });
});
