import type { ChatStreamEvent } from '@lead-desk/contracts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/apiClient';
import { endChatSession, streamChatAnswer } from './api/chatApi';
import { chatReducer, initialChatState, nextToSend, type ChatEvent, type ChatLine, type ChatSession } from './chatConversation';
import { ChatContext } from './chatContext';
import { hasExpired, readStoredChat, writeStoredChat } from './chatStorage';

/** setTimeout's longest wait (about 24.8 days); a session may live up to 30. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Owns the visitor's one chat with the agent, above the panel: closing the panel neither stops
 * an answer nor loses the conversation, which is kept in this browser until its session expires.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const [stored] = useState(readStoredChat);
  const [state, dispatch] = useReducer(chatReducer, stored?.state ?? initialChatState);
  const [panelOpen, setPanelOpen] = useState(stored?.panelOpen ?? false);
  const [panelRequests, setPanelRequests] = useState(0);
  const [ending, setEnding] = useState(false);
  const [endFailure, setEndFailure] = useState<unknown>(null);
  const answering = useRef<AbortController | null>(null);
  // The session the next message continues, current even between renders.
  const session = useRef<ChatSession | null>(state.session);
  session.current = state.session;

  useEffect(() => writeStoredChat({ state, panelOpen }), [state, panelOpen]);
  useEffect(() => () => answering.current?.abort(), []);

  const answer = useCallback(async (line: ChatLine) => {
    const controller = new AbortController();
    answering.current = controller;
    dispatch({ type: 'SENDING', id: line.id });
    const current = session.current;
    const sessionId = current && !hasExpired(current.expiresAt) ? current.sessionId : null;
    try {
      for await (const event of streamChatAnswer({ sessionId, text: line.text }, controller.signal)) dispatch(toChatEvent(line.id, event));
    } catch (error) {
      // Aborted: the visitor ended the chat or it expired; nothing to say about this message.
      if (controller.signal.aborted) return;
      console.error('The chat message was not answered', error);
      dispatch({ type: 'FAILED', id: line.id, message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (answering.current === controller) answering.current = null;
    }
  }, []);

  // One message at a time: the next queued one goes once the answer under way has finished.
  const next = nextToSend(state);
  useEffect(() => {
    if (!next) return;
    // Sent from a timer the cleanup cancels: an effect run twice (React's strict mode) sends once.
    const timer = setTimeout(() => void answer(next));
    return () => clearTimeout(timer);
    // The line's id alone: a new render of the same queued line must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.id, answer]);

  // Vapi forgets the session at its expiry: so does the page, open or not.
  const expiresAt = state.session?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waitForExpiry = () => {
      if (!hasExpired(expiresAt)) {
        timer = setTimeout(waitForExpiry, Math.min(Date.parse(expiresAt) - Date.now(), LONGEST_TIMER_MS));
        return;
      }
      answering.current?.abort();
      dispatch({ type: 'EXPIRED' });
    };
    waitForExpiry();
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const send = useCallback((text: string) => dispatch({ type: 'QUEUED', text }), []);

  const sessionId = state.session?.sessionId;
  const end = useCallback(async () => {
    if (ending) return;
    setEndFailure(null);
    const forget = () => {
      answering.current?.abort();
      dispatch({ type: 'ENDED' });
    };
    if (!sessionId) return forget();
    setEnding(true);
    try {
      await endChatSession(sessionId);
      forget();
    } catch (error) {
      // A session the API no longer knows has ended already.
      if (error instanceof ApiError && error.status === 404) return forget();
      console.error('The chat could not be ended', error);
      setEndFailure(error);
    } finally {
      setEnding(false);
    }
  }, [ending, sessionId]);

  const openPanel = useCallback(() => {
    setPanelOpen(true);
    setPanelRequests((requests) => requests + 1);
  }, []);
  const closePanel = useCallback(() => setPanelOpen(false), []);

  const value = useMemo(
    () => ({ state, panelOpen, openPanel, closePanel, panelRequests, send, end, ending, endFailure }),
    [state, panelOpen, openPanel, closePanel, panelRequests, send, end, ending, endFailure],
  );
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

function toChatEvent(id: string, event: ChatStreamEvent): ChatEvent {
  switch (event.event) {
    case 'session':
      return { type: 'SESSION', session: event.data };
    case 'delta':
      return { type: 'DELTA', id, text: event.data.text };
    case 'done':
      return { type: 'ANSWERED', id };
    case 'error':
      return { type: 'FAILED', id, message: event.data.message };
  }
}
