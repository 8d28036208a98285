import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbReminderLedger } from '../reminders/reminderLedger';

const NOW = Date.parse('2026-11-28T06:00:00.000Z');
const DAY = 24 * 60 * 60_000;

describe('the reminder ledger', () => {
  it('lets exactly one of several tabs claiming at once show a reminder, and none after a reload', async () => {
    // One browser's IndexedDB, three tabs with their own connection to it.
    const browser = new IDBFactory();
    const tabs = [indexedDbReminderLedger(browser), indexedDbReminderLedger(browser), indexedDbReminderLedger(browser)];
    const claims = await Promise.all(tabs.flatMap((tab) => [tab.claim('task-1@10:00', NOW), tab.claim('task-1@10:00', NOW)]));
    expect(claims.filter(Boolean)).toHaveLength(1);

    const reloaded = indexedDbReminderLedger(browser);
    expect(await reloaded.claim('task-1@10:00', NOW + 1000)).toBe(false);
    // Another task, or the same task at a new time, is a reminder of its own.
    expect(await reloaded.claim('task-1@11:00', NOW)).toBe(true);
    expect(await tabs[0].claim('task-2@10:00', NOW)).toBe(true);
  });

  it('forgets reminders shown more than a week ago', async () => {
    const browser = new IDBFactory();
    const ledger = indexedDbReminderLedger(browser);
    expect(await ledger.claim('old@10:00', NOW)).toBe(true);
    expect(await ledger.claim('old@10:00', NOW + 6 * DAY)).toBe(false);
    expect(await ledger.claim('other@10:00', NOW + 8 * DAY)).toBe(true);
    expect(await ledger.claim('old@10:00', NOW + 8 * DAY)).toBe(true);
  });

  it('fails, for the caller to decide, where the browser keeps no IndexedDB', async () => {
    // jsdom, like some locked-down browsers, has none.
    await expect(indexedDbReminderLedger().claim('task-1@10:00', NOW)).rejects.toThrow('This browser keeps no IndexedDB');
  });
});
