import type { ActivityData } from '@lead-desk/contracts';
import { useId, useState } from 'react';

const TEXT = {
  show: 'Show the chat',
  hide: 'Hide the chat',
  who: { visitor: 'Visitor:', agent: 'Agent:' },
  purged: '(purged after the retention period)',
};

/** A chat with the agent in the timeline: on demand, who said what, in order. */
export function TimelineChat({ data }: { data: ActivityData<'chat'> }) {
  const [open, setOpen] = useState(false);
  const messagesId = useId();
  return (
    <div className="timeline-call">
      <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={messagesId} onClick={() => setOpen(!open)}>
        {open ? TEXT.hide : TEXT.show}
      </button>
      <div id={messagesId}>
        {open && (
          <ol className="timeline-chat">
            {data.messages.map((message, index) => (
              <li key={index}>
                <span className="timeline-chat__who">{TEXT.who[message.role]}</span> {message.text ?? TEXT.purged}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
