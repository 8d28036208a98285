import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { TaskLeadLink } from '../components/TaskLeadLink';
import { useCalendarWeek } from '../hooks/useCalendarWeek';
import type { LeadOpener } from '../leadOpener';
import { TASK_STATUS_LABELS } from '../taskTexts';
import { formatDueTime } from '../taskTime';
import { groupByDay, type CalendarDay } from './calendarDays';

const TEXT = {
  title: 'Site visits',
  week: (first: CalendarDay, last: CalendarDay) => `${formatDay(first, { day: 'numeric', month: 'short' })} – ${formatDay(last, { day: 'numeric', month: 'short', year: 'numeric' })}`,
  weekNav: 'Week',
  previous: 'Previous week',
  next: 'Next week',
  today: 'Today',
  agent: 'Agent',
  nobody: 'Not assigned',
  none: 'No site visits this week.',
  loading: 'Loading the calendar…',
  failed: 'Could not load the calendar',
  truncated: 'More visits than the calendar shows fall in this week: the earliest are shown.',
};

/** A calendar day in words; the day is a date, not an instant, so it is written as in UTC. */
function formatDay(day: CalendarDay, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', ...options }).format(new Date(`${day}T00:00:00Z`));
}

interface VisitCalendarProps {
  timeZone: string;
  leadOpener: LeadOpener;
}

/** The week's site visits: a row per agent, a column per day (Monday to Sunday), each visit's time, lead and property. */
export function VisitCalendar({ timeZone, leadOpener }: VisitCalendarProps) {
  const headingId = useId();
  const week = useCalendarWeek(timeZone);
  const { calendar, days } = week;
  const agents = calendar.data?.agents ?? [];
  return (
    <section className="visit-calendar" aria-labelledby={headingId}>
      <div className="visit-calendar__header">
        <h4 id={headingId}>
          {TEXT.title} <span className="visit-calendar__range">{TEXT.week(days[0], days[6])}</span>
        </h4>
        <div className="visit-calendar__nav" role="group" aria-label={TEXT.weekNav}>
          <button type="button" className="button button--secondary" onClick={week.previousWeek}>
            <ChevronLeft aria-hidden size={18} />
            {TEXT.previous}
          </button>
          <button type="button" className="button button--secondary" aria-pressed={week.showsThisWeek} onClick={week.thisWeek}>
            {TEXT.today}
          </button>
          <button type="button" className="button button--secondary" onClick={week.nextWeek}>
            {TEXT.next}
            <ChevronRight aria-hidden size={18} />
          </button>
        </div>
      </div>
      {calendar.isPending && <p role="status">{TEXT.loading}</p>}
      {calendar.error && <ErrorNotice title={TEXT.failed} error={calendar.error} onRetry={() => void calendar.refetch()} />}
      {calendar.data?.truncated && <p className="visit-calendar__note">{TEXT.truncated}</p>}
      {calendar.data && agents.length === 0 && <p className="visit-calendar__note">{TEXT.none}</p>}
      {agents.length > 0 && (
        <div className="visit-calendar__scroll">
          <table className="visit-calendar__table">
            <caption className="visually-hidden">
              {TEXT.title} {TEXT.week(days[0], days[6])}
            </caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.agent}</th>
                {days.map((day) => (
                  <th key={day} scope="col" aria-current={day === week.today ? 'date' : undefined}>
                    {formatDay(day, { weekday: 'short' })}
                    <br />
                    {formatDay(day, { day: 'numeric', month: 'short' })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {agents.map(({ assignee, tasks }) => {
                const byDay = groupByDay(tasks, days, timeZone, (task) => task.dueAt);
                return (
                  <tr key={assignee?.id ?? 'nobody'}>
                    <th scope="row">{assignee?.name ?? TEXT.nobody}</th>
                    {days.map((day) => (
                      <td key={day} data-today={day === week.today || undefined}>
                        <ul className="visit-calendar__visits">
                          {byDay.get(day)?.map((task) => (
                            <li key={task.id} className="calendar-visit" data-status={task.status}>
                              <time dateTime={task.dueAt}>{formatDueTime(task.dueAt, { withDay: false, timeZone })}</time> <TaskLeadLink task={task} leadOpener={leadOpener} />
                              {task.property && <span className="calendar-visit__property">{task.property.name}</span>}
                              {task.status !== 'open' && <span className="calendar-visit__status">{TASK_STATUS_LABELS[task.status]}</span>}
                            </li>
                          ))}
                        </ul>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
