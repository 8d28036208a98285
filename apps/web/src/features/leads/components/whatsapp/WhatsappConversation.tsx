import type { WhatsappMessage } from '@lead-desk/contracts';
import { formatDateTime } from '../../utils/formatDateTime';
import { whatsappMessageText, whatsappStatusText } from './whatsappTexts';

const TEXT = {
  conversation: 'WhatsApp conversation',
  them: 'They wrote',
  us: (message: WhatsappMessage) => (message.sender ? `${message.sender.name} sent` : 'We sent'),
};

/** The conversation as a chat reads: oldest at the top, newest at the bottom; each of ours with how far it got. */
export function WhatsappConversation({ messages }: { messages: WhatsappMessage[] }) {
  const oldestFirst = [...messages].reverse();
  return (
    <ol className="whatsapp-conversation" aria-label={TEXT.conversation}>
      {oldestFirst.map((message) => {
        const status = whatsappStatusText(message);
        return (
          <li key={message.id} className="whatsapp-message" data-direction={message.direction} data-status={message.status} data-testid="whatsapp-message">
            <p className="whatsapp-message__who">
              {message.direction === 'inbound' ? TEXT.them : TEXT.us(message)} · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
            </p>
            <p className="whatsapp-message__text">{whatsappMessageText(message)}</p>
            {status && <p className="whatsapp-message__status">{status}</p>}
          </li>
        );
      })}
    </ol>
  );
}
