/** Says which reminders were shown already, in any tab of this browser, now or before a reload. */
export interface ReminderLedger {
  /** True for the one caller, in whichever tab, that gets to show this reminder; false for every later one. */
  claim(key: string, now: number): Promise<boolean>;
}

const DATABASE = 'lead-desk-reminders';
const STORE = 'shown';
const SHOWN_AT = 'shownAt';
/** Long enough for a reminder's grace period, short enough that the ledger never grows. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex(SHOWN_AT, SHOWN_AT);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`Could not open ${DATABASE}`));
  });
}

/**
 * The ledger in IndexedDB, which every tab of the origin shares: `add` of a key that exists
 * fails inside a transaction, so of two tabs claiming at the same moment exactly one wins
 * (localStorage has no such test-and-set across tabs).
 */
export function indexedDbReminderLedger(factory?: IDBFactory): ReminderLedger {
  let database: Promise<IDBDatabase> | null = null;
  return {
    async claim(key, now) {
      const source = factory ?? globalThis.indexedDB;
      if (!source) throw new Error('This browser keeps no IndexedDB');
      database ??= openDatabase(source);
      const db = await database;
      return new Promise<boolean>((resolve, reject) => {
        const transaction = db.transaction(STORE, 'readwrite');
        const store = transaction.objectStore(STORE);
        let claimed = false;
        // Forgets reminders shown long ago in the same transaction: oldest first, until a recent one.
        store.index(SHOWN_AT).openCursor().onsuccess = (event) => {
          const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
          if (!cursor || (cursor.value as { shownAt: number }).shownAt > now - KEEP_MS) return;
          cursor.delete();
          cursor.continue();
        };
        const added = store.add({ key, [SHOWN_AT]: now });
        added.onsuccess = () => (claimed = true);
        added.onerror = (event) => {
          if (added.error?.name !== 'ConstraintError') return;
          // Shown already: not a failure, so the transaction neither aborts nor hears of it.
          event.preventDefault();
          event.stopPropagation();
        };
        transaction.oncomplete = () => resolve(claimed);
        transaction.onerror = () => reject(transaction.error ?? added.error ?? new Error('The reminder ledger could not be written'));
      });
    },
  };
}
