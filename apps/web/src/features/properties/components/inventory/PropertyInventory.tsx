import { Building2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const TEXT = { open: 'Properties' };

// Opened rarely, by admins only: its code is fetched on first use.
const PropertyInventoryDialog = lazy(() => import('./PropertyInventoryDialog').then((module) => ({ default: module.PropertyInventoryDialog })));

/** For admins: "Properties" opens the inventory the page and the agent offer: add, edit, mark booked or sold. */
export function PropertyInventory() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Building2 aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PropertyInventoryDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
