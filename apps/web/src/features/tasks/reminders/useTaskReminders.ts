import type { Task } from '@lead-desk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReminderLedger } from './reminderLedger';
import { timeUntilNextDue, reminderKey, remindersDue } from './reminderSchedule';

/**
 * Reminds of each task at its due time, once across the browser's tabs and reloads (the
 * ledger decides which tab shows it): `reminders` are those this tab shows; `onRemind`
 * hears each as it comes (a system notification). Tasks added or moved later are followed
 * as `tasks` changes.
 */
export function useTaskReminders(tasks: readonly Task[], ledger: ReminderLedger, onRemind: (task: Task) => void) {
  const [reminders, setReminders] = useState<Task[]>([]);
  // Reminders this tab has asked the ledger about already, won or not.
  const asked = useRef(new Set<string>());
  const remind = useRef(onRemind);
  useEffect(() => {
    remind.current = onRemind;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const now = Date.now();
      for (const task of remindersDue(tasks, now)) {
        const key = reminderKey(task);
        if (asked.current.has(key)) continue;
        asked.current.add(key);
        let won: boolean;
        try {
          won = await ledger.claim(key, now);
        } catch (error) {
          // Better twice than never: without the ledger this tab shows it.
          console.error(`The reminder ledger failed; reminding of task ${task.id} in this tab`, error);
          won = true;
        }
        // Shown even if the tasks changed meanwhile: the claim is this tab's, no other will show it.
        if (!won) continue;
        setReminders((shown) => [...shown, task]);
        remind.current(task);
      }
      if (stopped) return;
      const wait = timeUntilNextDue(tasks, Date.now());
      if (wait !== null) timer = setTimeout(() => void look(), wait);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [tasks, ledger]);

  const dismiss = useCallback((task: Task) => setReminders((shown) => shown.filter((each) => reminderKey(each) !== reminderKey(task))), []);
  return { reminders, dismiss };
}
