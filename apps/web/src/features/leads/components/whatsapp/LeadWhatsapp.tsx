import { useId } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { useWhatsappConversation } from '../../hooks/useWhatsappConversation';
import { WhatsappConversation } from './WhatsappConversation';
import { WhatsappReplyBox } from './WhatsappReplyBox';

const TEXT = {
  whatsapp: 'WhatsApp',
  loading: 'Loading the WhatsApp conversation…',
  failed: 'Could not load this lead’s WhatsApp conversation',
  none: 'No WhatsApp messages yet.',
  cannotSend: 'No WhatsApp message can be sent to this lead: ',
};

/** The lead's WhatsApp conversation, live, and the reply box the API's rules allow (or why none). */
export function LeadWhatsapp({ leadId }: { leadId: string }) {
  const headingId = useId();
  const { messages, reply, templates, send } = useWhatsappConversation(leadId);
  const options = reply.data;
  return (
    <section className="lead-whatsapp" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.whatsapp}
      </h3>
      {options?.notConfigured && <p className="lead-whatsapp__off">{options.notConfigured}</p>}
      {(messages.isPending || reply.isPending) && <p role="status">{TEXT.loading}</p>}
      {messages.error && <ErrorNotice title={TEXT.failed} error={messages.error} onRetry={() => void messages.refetch()} />}
      {reply.error && <ErrorNotice title={TEXT.failed} error={reply.error} onRetry={() => void reply.refetch()} />}
      {messages.data?.length === 0 && <p>{TEXT.none}</p>}
      {messages.data && messages.data.length > 0 && <WhatsappConversation messages={messages.data} />}
      {options && !options.notConfigured && options.refusal && (
        <p className="lead-whatsapp__refusal">
          {TEXT.cannotSend}
          {options.refusal.reason}
        </p>
      )}
      {options && !options.notConfigured && !options.refusal && <WhatsappReplyBox window={options.window} templates={templates} onSend={(message) => send.mutateAsync(message)} />}
    </section>
  );
}
