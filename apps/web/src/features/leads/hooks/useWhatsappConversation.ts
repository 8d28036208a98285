import type { SendWhatsappMessage, WhatsappMessage, WhatsappMessageStatus } from '@lead-desk/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToLiveEvents } from '../../../lib/liveEventStream';
import { leadKeys } from '../api/leadQueryKeys';
import { fetchWhatsappMessages, fetchWhatsappReplyOptions, fetchWhatsappTemplates, sendWhatsappMessage } from '../api/whatsappApi';

/** How far a message has come: a status never moves back, so an answer read late (the send's, after Meta's first status) changes nothing. */
const PROGRESS: Record<WhatsappMessageStatus, number> = { received: 0, pending: 1, sending: 2, unconfirmed: 3, accepted: 4, sent: 5, delivered: 6, read: 7, failed: 8 };

/** The message as it stands now in the newest-first conversation: a known one replaced when its status moved on, a new one placed by its time. */
export function withMessage(conversation: WhatsappMessage[] | undefined, message: WhatsappMessage): WhatsappMessage[] | undefined {
  if (!conversation) return conversation;
  const known = conversation.find(({ id }) => id === message.id);
  if (known && PROGRESS[known.status] > PROGRESS[message.status]) return conversation;
  const others = conversation.filter(({ id }) => id !== message.id);
  return [...others, message].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

function placeMessage(queryClient: QueryClient, message: WhatsappMessage): void {
  queryClient.setQueryData<WhatsappMessage[]>(leadKeys.whatsappMessages(message.leadId), (known) => withMessage(known, message));
}

/**
 * A lead's WhatsApp conversation, what a reply may be now, and sending one: live, as messages
 * arrive and statuses move on (whatsapp.message), and read again when the window closes.
 */
export function useWhatsappConversation(leadId: string) {
  const queryClient = useQueryClient();
  const messages = useQuery({ queryKey: leadKeys.whatsappMessages(leadId), queryFn: ({ signal }) => fetchWhatsappMessages(leadId, signal) });
  const reply = useQuery({ queryKey: leadKeys.whatsappReply(leadId), queryFn: ({ signal }) => fetchWhatsappReplyOptions(leadId, signal) });
  const closesAt = reply.data?.window.open ? reply.data.window.closesAt : null;

  useEffect(() => {
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: leadKeys.detailParts(leadId) });
    return subscribeToLiveEvents({
      types: ['whatsapp.message'],
      onEvent: (event) => {
        if (event.type !== 'whatsapp.message' || event.data.leadId !== leadId) return;
        placeMessage(queryClient, event.data);
        // The person wrote: the window opens again from their message.
        if (event.data.direction === 'inbound') void queryClient.invalidateQueries({ queryKey: leadKeys.whatsappReply(leadId) });
      },
      onReconnected: readAgain,
    });
  }, [queryClient, leadId]);

  useEffect(() => {
    if (!closesAt) return;
    // setTimeout takes at most 2^31-1 ms; the window is never longer than a day.
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: leadKeys.whatsappReply(leadId) }), Math.max(0, new Date(closesAt).getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [queryClient, leadId, closesAt]);

  return {
    messages,
    reply,
    templates: useQuery({ queryKey: leadKeys.whatsappTemplates(), queryFn: ({ signal }) => fetchWhatsappTemplates(signal), enabled: reply.data?.notConfigured === null }),
    send: useMutation({
      mutationFn: (message: SendWhatsappMessage) => sendWhatsappMessage(leadId, message),
      onSuccess: (message) => {
        placeMessage(queryClient, message);
        void queryClient.invalidateQueries({ queryKey: leadKeys.activity(leadId) });
      },
    }),
  };
}
