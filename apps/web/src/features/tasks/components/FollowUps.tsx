import { useId } from 'react';
import { VisitCalendar } from '../calendar/VisitCalendar';
import { useReminderTasks } from '../hooks/useDueTasks';
import { useDueListsRollover } from '../hooks/useDueListsRollover';
import { useLiveTaskUpdates } from '../hooks/useLiveTaskUpdates';
import type { LeadOpener } from '../leadOpener';
import { ReminderNotificationsSwitch } from '../reminders/ReminderNotificationsSwitch';
import { TaskReminders } from '../reminders/TaskReminders';
import { browserTimeZone } from '../taskTime';
import { DueTaskList } from './DueTaskList';
import '../tasks.css';

const TEXT = { title: 'Follow-ups' };

interface FollowUpsProps {
  /** A member of staff is signed in: their own due tasks and reminders (open mode has nobody to remind). */
  signedIn: boolean;
  leadOpener: LeadOpener;
}

/** The dashboard's follow-ups: the member's tasks due today and overdue with their reminders, and the week's site visits per agent; all live. */
export function FollowUps({ signedIn, leadOpener }: FollowUpsProps) {
  const headingId = useId();
  const timeZone = browserTimeZone();
  useLiveTaskUpdates();
  return (
    <section className="follow-ups" aria-labelledby={headingId}>
      <div className="follow-ups__header">
        <h3 id={headingId}>{TEXT.title}</h3>
        {signedIn && <ReminderNotificationsSwitch />}
      </div>
      {signedIn && <MemberFollowUps timeZone={timeZone} leadOpener={leadOpener} />}
      <VisitCalendar timeZone={timeZone} leadOpener={leadOpener} />
    </section>
  );
}

/** The signed-in member's own: what is due today, what is overdue, and the reminders of both. */
function MemberFollowUps({ timeZone, leadOpener }: { timeZone: string; leadOpener: LeadOpener }) {
  useDueListsRollover(useReminderTasks(timeZone).data);
  return (
    <>
      <div className="follow-ups__due">
        <DueTaskList window="today" timeZone={timeZone} leadOpener={leadOpener} />
        <DueTaskList window="overdue" timeZone={timeZone} leadOpener={leadOpener} />
      </div>
      <TaskReminders timeZone={timeZone} leadOpener={leadOpener} />
    </>
  );
}
