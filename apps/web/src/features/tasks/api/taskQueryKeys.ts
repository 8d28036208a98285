import type { CalendarQuery, TaskDueWindow } from '@lead-desk/contracts';

/** Every task query lives under 'tasks', so a task's live event refreshes them all with one invalidation. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** The signed-in member's due lists; each moves on as its tasks' times pass. */
  dueLists: () => [...taskKeys.all, 'due'] as const,
  /** The member's open tasks of a window, for the day `day` in `timeZone` (a new day reads them again). */
  due: (window: TaskDueWindow, timeZone: string, day: string) => [...taskKeys.dueLists(), window, timeZone, day] as const,
  /** What the reminders follow: the member's open tasks still due today and those just past their time. */
  reminders: (timeZone: string, day: string) => [...taskKeys.all, 'reminders', timeZone, day] as const,
  lead: (leadId: string) => [...taskKeys.all, 'lead', leadId] as const,
  calendar: (query: CalendarQuery) => [...taskKeys.all, 'calendar', query] as const,
};

/** The properties a visit can be about. */
export const propertyChoicesKey = ['properties', 'choices'] as const;
