import type { TaskType } from '@lead-desk/contracts';
import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { TaskRow } from '../tasks.repository';

/** How long an event lasts in a calendar when its task has no end. */
const LENGTH_MINUTES: Record<TaskType, number> = { call: 15, site_visit: 60, meeting: 60, other: 30 };
const NOUN: Record<TaskType, string> = { call: 'Call', site_visit: 'Site visit', meeting: 'Meeting', other: 'Task' };

/** What the feed may say of a task: its time, state, the lead's first name and the property, nothing more. */
export type FeedTask = Pick<TaskRow, 'id' | 'leadId' | 'leadName' | 'type' | 'dueAt' | 'endsAt' | 'propertyName' | 'doneAt' | 'cancelledAt' | 'version' | 'createdAt' | 'updatedAt'> & {
  /** Where a site visit meets, when the task has a property. */
  propertyAddress: string | null;
};

export interface FeedOptions {
  memberName: string;
  /** Links each event to its lead on the dashboard (`/?lead=<id>`); none without a public address. */
  dashboardUrl: string | null;
  /** How often calendar apps should fetch the feed again. */
  refreshSeconds: number;
}

/** "Aarav" of "Aarav Sharma": a feed that leaks says as little as it can. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * A member's tasks as an iCalendar feed that Google Calendar and Outlook subscribe to: one
 * VEVENT per task, its UID the task's id (stable), its SEQUENCE its version, times in UTC, a
 * cancelled task as STATUS:CANCELLED (so subscribed calendars drop it). A feed's address can
 * leak (shared calendars, forwarded links): it names the lead by first name only, and the
 * property; no phone, email, notes or outcome.
 */
export function taskCalendarFeed(tasks: FeedTask[], options: FeedOptions): string {
  const calendar = new ICalCalendar({
    name: `Lead Desk: ${options.memberName}`,
    prodId: { company: 'Lead Desk', product: 'Lead Desk', language: 'EN' },
    ttl: options.refreshSeconds,
  });
  for (const task of tasks) {
    const start = new Date(task.dueAt);
    const end = task.endsAt ? new Date(task.endsAt) : new Date(start.getTime() + LENGTH_MINUTES[task.type] * 60_000);
    const who = firstName(task.leadName);
    calendar.createEvent({
      id: `${task.id}@lead-desk`,
      sequence: task.version - 1,
      start,
      end,
      stamp: new Date(task.updatedAt),
      created: new Date(task.createdAt),
      lastModified: new Date(task.updatedAt),
      summary: [`${NOUN[task.type]}${who ? `: ${who}` : ''}`, task.propertyName].filter(Boolean).join(' – '),
      location: task.propertyName ? [task.propertyName, task.propertyAddress].filter(Boolean).join(', ') : null,
      description: [task.doneAt && 'Done.', options.dashboardUrl && `Open the lead in Lead Desk: ${options.dashboardUrl}/?lead=${encodeURIComponent(task.leadId)}`].filter(Boolean).join('\n') || null,
      url: options.dashboardUrl ? `${options.dashboardUrl}/?lead=${encodeURIComponent(task.leadId)}` : null,
      status: task.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
