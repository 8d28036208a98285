import type { WhatsappMessage } from '@lead-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageNotice, PageNotices } from '../../../../components/PageNotices';
import { notifyIfAllowed } from '../../../../lib/browserNotifications';
import { subscribeToLiveEvents } from '../../../../lib/liveEventStream';
import { fetchLead } from '../../api/leadsApi';
import { leadKeys } from '../../api/leadQueryKeys';
import { leadDetailsHref, openLeadDetails } from '../../hooks/useLeadView';
import { useSession } from '../../../auth';
import { whatsappMessageText } from './whatsappTexts';

const TEXT = {
  region: 'New WhatsApp messages',
  from: 'WhatsApp from',
  notification: (leadName: string) => `WhatsApp from ${leadName}`,
  dismiss: (leadName: string) => `Dismiss the WhatsApp message from ${leadName}`,
};

interface Arrival {
  message: WhatsappMessage;
  leadName: string;
}

/**
 * A message from the person on one of the member's own leads (in open mode, on any lead): shown
 * on the page until dismissed, with a link to the lead, and from the system when notifications are allowed.
 */
export function WhatsappArrivals() {
  const queryClient = useQueryClient();
  const session = useSession().data;
  const [arrivals, setArrivals] = useState<Arrival[]>([]);
  // A status event repeats a message: each is told of once.
  const told = useRef(new Set<string>());
  // Who is looking, as known when the lead has been read (the stream may speak before the session is known).
  const viewer = useRef(session);
  useEffect(() => {
    viewer.current = session;
  });

  useEffect(() => {
    return subscribeToLiveEvents({
      types: ['whatsapp.message'],
      onEvent: (event) => {
        if (event.type !== 'whatsapp.message' || event.data.direction !== 'inbound' || told.current.has(event.data.id)) return;
        const message = event.data;
        told.current.add(message.id);
        void queryClient
          .fetchQuery({ queryKey: leadKeys.detail(message.leadId), queryFn: ({ signal }) => fetchLead(message.leadId, signal) })
          .then((lead) => {
            // Admins hear of every lead's messages on the stream; only the owner is told (in open mode, everyone).
            const seer = viewer.current;
            if (!seer || (seer.authMode !== 'open' && lead.owner?.id !== seer.staff?.id)) return;
            setArrivals((shown) => [...shown, { message, leadName: lead.name }]);
            notifyIfAllowed(TEXT.notification(lead.name), { body: whatsappMessageText(message), tag: `whatsapp-${message.id}` });
          })
          .catch((error: unknown) => console.error(`Could not read lead ${message.leadId} to tell of its WhatsApp message`, error));
      },
    });
  }, [queryClient]);

  const dismiss = useCallback((id: string) => setArrivals((shown) => shown.filter(({ message }) => message.id !== id)), []);
  return (
    <PageNotices label={TEXT.region} side="left" live="polite">
      {arrivals.map(({ message, leadName }) => (
        <PageNotice key={message.id} icon={MessageCircle} dismissLabel={TEXT.dismiss(leadName)} onDismiss={() => dismiss(message.id)}>
          <strong>{TEXT.from}</strong>{' '}
          <a
            href={leadDetailsHref(message.leadId)}
            onClick={(event) => {
              // A plain click opens it over the page; Ctrl/⌘-click and middle click keep the browser's new tab.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              openLeadDetails(message.leadId);
              dismiss(message.id);
            }}
          >
            {leadName}
          </a>
          : {whatsappMessageText(message)}
        </PageNotice>
      ))}
    </PageNotices>
  );
}
