import { lazy, Suspense } from 'react';
import { useChat } from '../useChat';

// Opened by visitors who chat: its code, with the form library, is fetched on first use.
const ChatPanel = lazy(() => import('./ChatPanel').then((module) => ({ default: module.ChatPanel })));

/** The chat panel while it is open. */
export function LazyChatPanel() {
  const { panelOpen } = useChat();
  if (!panelOpen) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
}
