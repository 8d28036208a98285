import { Timer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../speed-to-lead.css';

const TEXT = { open: 'Speed to lead' };

// Opened now and then: its code is fetched on first use.
const SpeedToLeadDialog = lazy(() => import('./SpeedToLeadDialog').then((module) => ({ default: module.SpeedToLeadDialog })));

/** "Speed to lead" opens the report of how fast leads were answered (an agent's own leads, an admin's all). */
export function SpeedToLead() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Timer aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SpeedToLeadDialog onClose={() => setOpen(false)} timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} />
        </Suspense>
      )}
    </>
  );
}
