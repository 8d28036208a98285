import type { CalendarQuery, TaskDueWindow } from '@lead-desk/contracts';

/** Every task query lives under 'tasks', so a task's live event refreshes them all with one invalidation. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** The signed-in member's open tasks of a window, for the day `day` in `timeZone` (a new day reads them again). */
  due: (window: TaskDueWindow, timeZone: string, day: string) => [...taskKeys.all, 'due', window, timeZone, day] as const,
  lead: (leadId: string) => [...taskKeys.all, 'lead', leadId] as const,
  calendar: (query: CalendarQuery) => [...taskKeys.all, 'calendar', query] as const,
};

/** The properties a visit can be about. */
export const propertyChoicesKey = ['properties', 'choices'] as const;
