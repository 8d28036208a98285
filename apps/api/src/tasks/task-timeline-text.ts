import type { TaskType } from '@lead-desk/contracts';
import { DateTime } from 'luxon';

/** What a timeline entry says of a task: its kind, when it is due and where. */
export interface TaskTextFacts {
  type: TaskType;
  dueAt: Date;
  propertyName: string | null;
}

/** One change to a task, with what its words need. */
export type TaskTimelineChange =
  | { event: 'created'; assigneeName: string | null }
  | { event: 'rescheduled'; from: Date }
  | { event: 'reassigned'; from: string | null; to: string | null }
  | { event: 'edited'; fields: string[] }
  | { event: 'completed'; outcome: string | null }
  | { event: 'reopened' | 'cancelled' | 'restored' };

/** Where the words come from: the team's time zone and the present (a due time in another year names its year). */
export interface TaskTextClock {
  now: Date;
  timeZone: string;
}

const NOUN: Record<TaskType, string> = { call: 'Call', site_visit: 'Site visit', meeting: 'Meeting', other: 'Task' };
const MADE: Record<TaskType, string> = { call: 'scheduled', site_visit: 'booked', meeting: 'scheduled', other: 'added' };

/** "Sat 29 Nov, 11:00" in the team's time zone; "Mon 4 Jan 2027, 10:30" outside this year. */
export function taskTimeText(at: Date, clock: TaskTextClock): string {
  const local = DateTime.fromJSDate(at, { zone: clock.timeZone }).setLocale('en-GB');
  const thisYear = DateTime.fromJSDate(clock.now, { zone: clock.timeZone }).year;
  return local.toFormat(local.year === thisYear ? 'ccc d LLL, HH:mm' : 'ccc d LLL yyyy, HH:mm');
}

/**
 * The timeline's words for a change to a task ("Site visit booked for Sat 29 Nov, 11:00 at
 * Skyline Residency 2BHK by the agent during call 3f9…; assigned to Ravi Kumar"). Who made a
 * staff change is the entry's actor; the agent is named here, with its call.
 */
export function taskTimelineText(change: TaskTimelineChange, task: TaskTextFacts, clock: TaskTextClock, agentCallId: string | null): string {
  const noun = NOUN[task.type];
  const when = taskTimeText(task.dueAt, clock);
  const at = task.propertyName ? ` at ${task.propertyName}` : '';
  const byAgent = agentCallId ? ` by the agent during call ${agentCallId}` : '';
  switch (change.event) {
    case 'created':
      return `${noun} ${MADE[task.type]} for ${when}${at}${byAgent}; ${change.assigneeName ? `assigned to ${change.assigneeName}` : 'not assigned yet'}`;
    case 'rescheduled':
      return `${noun}${at} moved from ${taskTimeText(change.from, clock)} to ${when}${byAgent}`;
    case 'reassigned':
      return `${noun} of ${when} reassigned from ${change.from ?? 'nobody'} to ${change.to ?? 'nobody'}${byAgent}`;
    case 'edited':
      return `${noun} of ${when}${at}: ${change.fields.join(', ')} changed${byAgent}`;
    case 'completed':
      return `${noun} of ${when}${at} done${byAgent}${change.outcome ? `: ${change.outcome}` : ''}`;
    case 'reopened':
      return `${noun} of ${when}${at} opened again${byAgent}`;
    case 'cancelled':
      return `${noun} of ${when}${at} cancelled${byAgent}`;
    case 'restored':
      return `${noun} of ${when}${at} brought back${byAgent}`;
  }
}
