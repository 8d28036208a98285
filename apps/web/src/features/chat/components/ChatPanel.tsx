import { LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Modal } from '../../../components/Modal';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { hasConversation } from '../chatConversation';
import { useChat } from '../useChat';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import { CHAT_TEXT } from './chatTexts';
import '../chat.css';

/** Wide enough for the page and the panel side by side (the page's two halves start here too). */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * The visitor's chat with the agent: on a wide screen a panel beside the page, which stays
 * usable; on a narrow one a dialog over it, the whole screen.
 */
export function ChatPanel() {
  const { state, closePanel, panelRequests, send, end, ending, endFailure } = useChat();
  const wide = useMediaQuery(WIDE_SCREEN);
  const messageBox = useRef<HTMLTextAreaElement>(null);

  // "Chat with AI" pressed again while the panel is open: back to the box.
  useEffect(() => messageBox.current?.focus(), [panelRequests]);

  return (
    <Modal
      variant="sheet"
      modal={!wide}
      className="chat-panel"
      title={CHAT_TEXT.title}
      description={CHAT_TEXT.description}
      initialFocus={messageBox}
      onClose={closePanel}
    >
      {hasConversation(state) && (
        <button type="button" className="button button--secondary chat-panel__end" aria-disabled={ending || undefined} onClick={() => void end()}>
          <LogOut aria-hidden size={18} />
          {ending ? CHAT_TEXT.ending : CHAT_TEXT.end}
        </button>
      )}
      {endFailure ? <ErrorNotice title={CHAT_TEXT.endFailed} error={endFailure} onRetry={() => void end()} /> : null}
      <ChatMessageList state={state} />
      <ChatComposer onSend={send} failure={state.failure} messageBoxRef={messageBox} />
    </Modal>
  );
}
