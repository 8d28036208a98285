import { ShieldBan } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../compliance.css';

const TEXT = { open: 'Calling rules' };

// Opened rarely, by admins only: its code is fetched on first use.
const CallingRulesDialog = lazy(() => import('./CallingRulesDialog').then((module) => ({ default: module.CallingRulesDialog })));

/** For admins: "Calling rules" opens the refused calls and the DND scrub list. */
export function CallingRules() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <ShieldBan aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CallingRulesDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
