import { setTimeout as sleep } from 'node:timers/promises';

/** Whether `check` comes true within `tries` looks 100 ms apart (its last answer otherwise): for what other processes do in their own time. */
export async function eventually(check: () => Promise<boolean>, tries = 600): Promise<boolean> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}
