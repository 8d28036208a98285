import { Inbox } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../inbox.css';

const TEXT = { open: 'Webhook inbox' };

// Opened rarely, by admins only: its code is fetched on first use.
const WebhookInboxDialog = lazy(() => import('./WebhookInboxDialog').then((module) => ({ default: module.WebhookInboxDialog })));

/** For admins: "Webhook inbox" opens the voice platform's deliveries that failed or name no call. */
export function WebhookInbox() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Inbox aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <WebhookInboxDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
