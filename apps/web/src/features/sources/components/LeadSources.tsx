import { Radio } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../sources.css';

const TEXT = { open: 'Sources' };

// Opened rarely, by admins only: its code is fetched on first use.
const LeadSourcesDialog = lazy(() => import('./LeadSourcesDialog').then((module) => ({ default: module.LeadSourcesDialog })));

/** For admins: "Sources" opens where leads come from, each source's switch, owner and keys. */
export function LeadSources() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Radio aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LeadSourcesDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
