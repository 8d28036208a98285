import { Inject, Injectable } from '@nestjs/common';
import { CALENDAR_MAX_TASKS, TASK_TYPES, type Calendar, type CalendarAgent } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { sql } from '../../database/sql';
import type { LeadAccess } from '../../leads/access/lead-access';
import type { ValidCalendarQuery } from '../inputs/calendar.query';
import { toCalendarTaskOutput } from '../outputs/calendar.output';
import { taskAccessConditions } from '../task-visibility';
import { TasksRepository, type CalendarTaskRow } from '../tasks.repository';
import { calendarSpan } from './calendar-span';

/** A span of days' tasks (visits, calls, meetings), not cancelled, grouped per assignee: the calendar view. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly tasks: TasksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(query: ValidCalendarQuery, access: LeadAccess, viewerId: string | null): Promise<Calendar> {
    const timeZone = query.tz ?? this.config.APP_TIME_ZONE;
    const { start, end } = calendarSpan(query.from, query.to, timeZone);
    // Open mode has nobody signed in: "me" is everyone there.
    const assigneeId = query.assignee === 'me' ? viewerId : (query.assignee ?? null);
    const conditions = assigneeId === null ? [] : [sql`t.assignee_id = ${assigneeId}`];
    const sight = access.kind !== 'all' && assigneeId === access.staffId ? [] : taskAccessConditions(access);
    const rows = await this.tasks.findCalendarEntries(start, end, [...conditions, ...sight], query.type ? [query.type] : TASK_TYPES, CALENDAR_MAX_TASKS + 1);
    return { from: query.from, to: query.to, timeZone, agents: groupedByAssignee(rows.slice(0, CALENDAR_MAX_TASKS)), truncated: rows.length > CALENDAR_MAX_TASKS };
  }
}

/** One group per assignee, by name (then id), nobody's last; each group's tasks stay in due order. */
function groupedByAssignee(rows: CalendarTaskRow[]): CalendarAgent[] {
  const groups = new Map<string | null, CalendarAgent>();
  for (const row of rows) {
    // A member removed since is no longer named: their tasks are nobody's.
    const key = row.assigneeName === null ? null : row.assigneeId;
    let group = groups.get(key);
    if (!group) {
      group = { assignee: key === null ? null : { id: key, name: row.assigneeName! }, tasks: [] };
      groups.set(key, group);
    }
    group.tasks.push(toCalendarTaskOutput(row));
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.assignee || !b.assignee) return a.assignee ? -1 : b.assignee ? 1 : 0;
    return a.assignee.name.localeCompare(b.assignee.name) || a.assignee.id.localeCompare(b.assignee.id);
  });
}
