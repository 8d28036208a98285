import type { Task } from '@lead-desk/contracts';
import type { LeadOpener } from '../leadOpener';

/** The task's lead by name, opening its details. */
export function TaskLeadLink({ task, leadOpener }: { task: Pick<Task, 'leadId' | 'leadName'>; leadOpener: LeadOpener }) {
  return (
    <a
      className="task-lead-link"
      href={leadOpener.href(task.leadId)}
      onClick={(event) => {
        // A plain click opens it over the page; Ctrl/⌘-click and middle click keep the browser's new tab.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        leadOpener.open(task.leadId);
      }}
    >
      {task.leadName}
    </a>
  );
}
