import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../whatsapp.css';

const TEXT = { open: 'WhatsApp' };

// Opened rarely, by admins only: its code is fetched on first use.
const WhatsappAdminDialog = lazy(() => import('./WhatsappAdminDialog').then((module) => ({ default: module.WhatsappAdminDialog })));

/** For admins: "WhatsApp" opens the templates and the automatic messages. */
export function WhatsappAdmin() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <MessageCircle aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <WhatsappAdminDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
