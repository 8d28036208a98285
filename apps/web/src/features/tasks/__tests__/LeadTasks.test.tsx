import type { Task } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { aTask, taskPage } from '../../../testing/taskFixtures';
import { LeadTasks } from '../components/LeadTasks';

const TEAM = [
  { id: 's1', email: 'asha@example.in', name: 'Asha Admin', role: 'admin', available: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 's2', email: 'ravi@example.in', name: 'Ravi Kumar', role: 'agent', available: true, createdAt: '2026-01-01T00:00:00.000Z' },
];
const PROPERTIES = [
  { id: 1, name: 'Skyline Residency 2BHK', location: 'Andheri West, Mumbai' },
  { id: 5, name: 'Palm Grove Villa', location: 'Whitefield, Bengaluru' },
];
const SITE_VISIT_DONE = { id: 'stage-visit-done', name: 'Site Visit Done', kind: 'open' as const };

/** The lead's tasks as the API keeps them: POST adds, PATCH changes (a done site visit suggests the next stage). */
function stubTasksApi(tasks: Task[]) {
  return stubApi({
    'GET /api/tasks': (request) => {
      expect(new URL(request.url).searchParams.get('leadId')).toBe('lead-1');
      return taskPage(tasks);
    },
    'GET /api/staff': () => Response.json(TEAM),
    'GET /api/properties': () => Response.json(PROPERTIES),
    'POST /api/tasks': async (request) => {
      const body = (await request.json()) as Partial<Task> & { assigneeId?: string | null; propertyId?: number };
      const made = aTask({ id: `task-${tasks.length + 1}`, type: body.type, dueAt: body.dueAt, notes: body.notes ?? null, property: PROPERTIES.find((property) => property.id === body.propertyId) ?? null });
      tasks.push(made);
      return Response.json(made, { status: 201 });
    },
    'PATCH /api/tasks/visit-1': async (request) => {
      const changes = (await request.json()) as { done?: boolean; outcome?: string; cancelled?: boolean };
      const index = tasks.findIndex((task) => task.id === 'visit-1');
      tasks[index] = { ...tasks[index], status: 'done', doneAt: '2026-11-28T07:00:00.000Z', doneBy: { id: 's2', name: 'Ravi Kumar' }, outcome: changes.outcome ?? null, version: 2 };
      return Response.json({ task: tasks[index], suggestedStage: SITE_VISIT_DONE });
    },
    'PATCH /api/tasks/call-1': () => {
      const index = tasks.findIndex((task) => task.id === 'call-1');
      tasks[index] = { ...tasks[index], status: 'cancelled', cancelledAt: '2026-11-28T07:00:00.000Z', version: 2 };
      return Response.json({ task: tasks[index], suggestedStage: null });
    },
  });
}

const task = (name: RegExp) => screen.getByRole('article', { name });

describe('Tasks on a lead’s details', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds a site visit with its due time, assignee, property and notes', async () => {
    const requests = stubTasksApi([]);
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s1" listsTeam onMoveToStage={vi.fn()} />);
    expect(await screen.findByText('No tasks yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add task' }));
    // The property is asked for visits only.
    expect(screen.queryByLabelText('Property')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'Site visit');
    await user.selectOptions(await screen.findByLabelText('Property'), await screen.findByRole('option', { name: 'Palm Grove Villa' }));
    await user.selectOptions(screen.getByLabelText('Assignee'), await screen.findByRole('option', { name: 'Ravi Kumar' }));
    await user.clear(screen.getByLabelText('Due'));
    await user.type(screen.getByLabelText('Due'), '2026-11-29T11:00');
    await user.type(screen.getByLabelText('Notes'), 'Bring the floor plan');
    await user.click(screen.getByRole('button', { name: 'Add task' }));

    expect(await screen.findByRole('article', { name: /^Site visit · / })).toHaveTextContent('Property: Palm Grove Villa');
    const [post] = requests.filter((request) => request.method === 'POST');
    expect(await post.json()).toEqual({
      leadId: 'lead-1',
      type: 'site_visit',
      dueAt: new Date('2026-11-29T11:00').toISOString(),
      assigneeId: 's2',
      propertyId: 5,
      notes: 'Bring the floor plan',
    });
  });

  it('leaves the assignee to the API (the lead’s owner) unless chosen; an agent chooses only themself or nobody', async () => {
    const requests = stubTasksApi([]);
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s2" listsTeam={false} onMoveToStage={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Add task' }));
    expect(within(screen.getByLabelText('Assignee')).getAllByRole('option').map((option) => option.textContent)).toEqual(['The lead’s owner', 'Me', 'Nobody yet']);
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await screen.findByRole('article', { name: /^Call · / });
    const body = (await requests.find((request) => request.method === 'POST')!.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('assigneeId');
    expect(body).not.toHaveProperty('propertyId');
    expect(requests.some((request) => new URL(request.url).pathname === '/api/staff')).toBe(false);
  });

  it('says which field the API refused', async () => {
    stubApi({
      'GET /api/tasks': () => taskPage([]),
      'GET /api/properties': () => Response.json(PROPERTIES),
      'POST /api/tasks': () => Response.json({ statusCode: 403, message: 'Not allowed', errors: [{ field: 'assigneeId', message: 'must be you or nobody' }] }, { status: 403 }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s2" listsTeam={false} onMoveToStage={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Add task' }));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveAccessibleDescription('Assignee must be you or nobody'));
  });

  it('completes a site visit with its outcome and suggests the next stage, one click to move the lead there', async () => {
    const requests = stubTasksApi([aTask({ id: 'visit-1', type: 'site_visit', property: { id: 1, name: 'Skyline Residency 2BHK' }, version: 1 })]);
    const onMoveToStage = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s2" listsTeam={false} onMoveToStage={onMoveToStage} />);

    const visit = await screen.findByRole('article', { name: /^Site visit · / });
    await user.click(within(visit).getByRole('button', { name: 'Complete' }));
    expect(within(visit).getByLabelText('Outcome')).toHaveAccessibleDescription(/How did the visit go/);
    await user.type(within(visit).getByLabelText('Outcome'), 'Liked it, wants to see the 3BHK too');
    await user.click(within(visit).getByRole('button', { name: 'Mark done' }));

    expect(await screen.findByText('Site visit done. Move the lead on to “Site Visit Done”?')).toBeInTheDocument();
    await waitFor(() => expect(task(/^Site visit · /)).toHaveTextContent('Done by Ravi Kumar'));
    expect(task(/^Site visit · /)).toHaveTextContent('Liked it, wants to see the 3BHK too');
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(patch.headers.get('If-Match')).toBe('"1"');
    expect(await patch.json()).toEqual({ done: true, outcome: 'Liked it, wants to see the 3BHK too' });
    expect(onMoveToStage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Move to Site Visit Done' }));
    expect(onMoveToStage).toHaveBeenCalledExactlyOnceWith(SITE_VISIT_DONE);
    expect(await screen.findByText('Moved to Site Visit Done.')).toBeInTheDocument();
  });

  it('says so when the suggested move is refused', async () => {
    stubTasksApi([aTask({ id: 'visit-1', type: 'site_visit' })]);
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s2" listsTeam={false} onMoveToStage={() => Promise.reject(new Error('The lead changed meanwhile'))} />);
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await user.click(screen.getByRole('button', { name: 'Mark done' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Site Visit Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The lead could not be moved: The lead changed meanwhile');
  });

  it('cancels a task, which stays on the list as cancelled', async () => {
    const requests = stubTasksApi([aTask({ id: 'call-1', type: 'call' })]);
    const user = userEvent.setup();
    renderWithQueryClient(<LeadTasks leadId="lead-1" viewerId="s2" listsTeam={false} onMoveToStage={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(task(/^Call · /)).toHaveTextContent('Cancelled'));
    expect(within(task(/^Call · /)).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(await requests.find((request) => request.method === 'PATCH')!.json()).toEqual({ cancelled: true });
  });
});
