import { readLocalStorage, removeLocalStorage, writeLocalStorage } from '../../lib/localStorage';
import { EMPTY_CALLBACK_FORM, type CallbackFormValues } from './callbackFormSchema';

const KEY = 'lead-desk:callback-request';

/** What a visitor typed into the callback form, and whether they pressed send and no answer came yet. */
export interface CallbackDraft {
  values: CallbackFormValues;
  /** Sent but not yet answered: after a reload the page sends it again by itself. */
  pending: boolean;
}

/** The draft kept in this browser, if any. The hidden honeypot field is never kept. */
export function readCallbackDraft(): CallbackDraft | null {
  const stored = readLocalStorage(KEY);
  if (!stored) return null;
  try {
    const draft = JSON.parse(stored) as Partial<CallbackDraft>;
    return { values: { ...EMPTY_CALLBACK_FORM, ...draft.values, website: '' }, pending: draft.pending === true };
  } catch {
    // Not ours or damaged: as if nothing was kept.
    return null;
  }
}

export function writeCallbackDraft(draft: CallbackDraft): void {
  writeLocalStorage(KEY, JSON.stringify({ ...draft, values: { ...draft.values, website: '' } }));
}

export function clearCallbackDraft(): void {
  removeLocalStorage(KEY);
}
