import { UserCog } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const TEXT = { open: 'Manage staff' };

// Opened rarely, by admins only: its code is fetched on first use.
const StaffDialog = lazy(() => import('./StaffDialog').then((module) => ({ default: module.StaffDialog })));

/** For admins: "Manage staff" opens the team's accounts, to add a member or remove one. */
export function StaffManagement({ currentStaffId }: { currentStaffId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <UserCog aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <StaffDialog currentStaffId={currentStaffId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
