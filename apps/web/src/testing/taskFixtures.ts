import type { Calendar, CalendarTask, Task } from '@lead-desk/contracts';

/** A task as the API shows it: an open call on lead-1 for Ravi, unless `overrides` say otherwise. */
export function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    leadId: 'lead-1',
    leadName: 'Sanjay Kulkarni',
    type: 'call',
    status: 'open',
    dueAt: '2026-11-28T05:30:00.000Z',
    endsAt: null,
    assignee: { id: 's2', name: 'Ravi Kumar' },
    property: null,
    notes: null,
    createdBy: null,
    vapiCallId: null,
    doneAt: null,
    doneBy: null,
    outcome: null,
    cancelledAt: null,
    version: 1,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of tasks as GET /api/tasks sends it. */
export function taskPage(tasks: Task[], total = tasks.length, next?: string): Response {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (next) headers.Link = `<${next}>; rel="next"`;
  return Response.json(tasks, { headers });
}

/** A task as the calendar draws it: an open site visit on lead-1 at Skyline Residency, unless `overrides` say otherwise. */
export function aCalendarTask(overrides: Partial<CalendarTask> = {}): CalendarTask {
  return {
    id: 'task-1',
    leadId: 'lead-1',
    leadName: 'Sanjay Kulkarni',
    type: 'site_visit',
    status: 'open',
    dueAt: '2026-11-28T05:30:00.000Z',
    endsAt: '2026-11-28T06:30:00.000Z',
    property: { id: 1, name: 'Skyline Residency 2BHK' },
    ...overrides,
  };
}

export function aCalendar(overrides: Partial<Calendar> = {}): Calendar {
  return { from: '2026-11-23', to: '2026-11-29', timeZone: 'Asia/Kolkata', agents: [], truncated: false, ...overrides };
}
