import { UserCog } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../profile.css';

const TEXT = { open: 'My profile' };

// Opened now and then: its code is fetched on first use.
const ProfileDialog = lazy(() => import('./ProfileDialog').then((module) => ({ default: module.ProfileDialog })));

/** "My profile" opens the signed-in member's settings: phone, working hours, calendar feed. */
export function MyProfile() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <UserCog aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
