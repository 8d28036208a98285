import { readLocalStorage, removeLocalStorage, writeLocalStorage } from '../../lib/localStorage';
import { hasConversation, initialChatState, settledForReload, type ChatState } from './chatConversation';

const KEY = 'lead-desk:chat';

/** What this browser keeps of the chat: the conversation, and whether its panel was open. */
export interface StoredChat {
  state: ChatState;
  panelOpen: boolean;
}

/** The chat kept in this browser, unless its session has expired (Vapi forgot it too) or nothing is kept. */
export function readStoredChat(now = Date.now()): StoredChat | null {
  const stored = readLocalStorage(KEY);
  if (!stored) return null;
  try {
    const { state, panelOpen } = JSON.parse(stored) as Partial<StoredChat>;
    if (!state || !Array.isArray(state.lines)) return null;
    if (state.session && hasExpired(state.session.expiresAt, now)) {
      clearStoredChat();
      return null;
    }
    return { state: settledForReload({ ...initialChatState, ...state }), panelOpen: panelOpen === true };
  } catch (error) {
    // Not ours or damaged: as if nothing was kept.
    console.error('The kept chat could not be read; starting afresh', error);
    return null;
  }
}

/** Keeps the chat while there is one; a chat ended or never begun leaves nothing behind. */
export function writeStoredChat({ state, panelOpen }: StoredChat): void {
  if (!hasConversation(state) && !state.failure) {
    clearStoredChat();
    return;
  }
  writeLocalStorage(KEY, JSON.stringify({ state, panelOpen }));
}

export function clearStoredChat(): void {
  removeLocalStorage(KEY);
}

export function hasExpired(expiresAt: string, now = Date.now()): boolean {
  const time = Date.parse(expiresAt);
  return Number.isNaN(time) || time <= now;
}
