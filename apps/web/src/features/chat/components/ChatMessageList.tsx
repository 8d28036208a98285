import { useLayoutEffect, useRef } from 'react';
import { isAgentTyping, type ChatState } from '../chatConversation';
import { CHAT_TEXT } from './chatTexts';

/** The conversation so far, newest at the bottom, and the agent typing until its first words come. */
export function ChatMessageList({ state }: { state: ChatState }) {
  const log = useRef<HTMLDivElement>(null);
  const { lines, closed } = state;
  const typing = isAgentTyping(state);
  const answering = lines.some((line) => line.status === 'sending');

  // The newest words in view as they come.
  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines, typing]);

  return (
    <>
      {/* Focusable so a keyboard can scroll it back; read out as new lines arrive. */}
      <div ref={log} className="chat-log" role="log" aria-label={CHAT_TEXT.conversation} tabIndex={0}>
        <p className="chat-log__note">{closed ? CHAT_TEXT.closed[closed] : CHAT_TEXT.greeting}</p>
        <ol className="chat-log__lines">
          {lines.map((line) => (
            // A line still streaming is busy: screen readers read it once it is whole.
            <li key={line.id} className={`chat-line chat-line--${line.author}`} aria-busy={line.status === 'streaming' || undefined}>
              <span className="visually-hidden">{line.author === 'visitor' ? CHAT_TEXT.you : CHAT_TEXT.agent} </span>
              <span className="chat-line__text">{line.text}</span>
              {line.status === 'queued' && answering && <span className="chat-line__note">{CHAT_TEXT.waiting}</span>}
            </li>
          ))}
        </ol>
      </div>
      <p className="chat-typing" role="status">
        {typing && (
          <>
            <span className="chat-typing__dots" aria-hidden />
            {CHAT_TEXT.typing}
          </>
        )}
      </p>
    </>
  );
}
