import type { Session } from '@lead-desk/contracts';
import { Info, LogOut, TriangleAlert } from 'lucide-react';
import { useSignOut } from '../hooks/useSession';
import { StaffManagement } from './StaffManagement';
import '../auth.css';

const TEXT = {
  demoMode: 'Demo mode: the staff dashboard is open',
  openInProduction: 'Open in production: anyone who reaches this page can read, change and export every lead, manage staff and erase people.',
  signedInAs: 'Signed in as',
  roles: { admin: 'Admin', agent: 'Agent' },
  signOut: 'Sign out',
  signOutFailed: 'Signing out failed:',
};

/** The demo-mode banner in open mode (a red alert on a production instance); otherwise who is signed in, staff management for admins, and sign-out. */
export function SessionControls({ session }: { session: Session }) {
  if (session.authMode === 'open' && session.openInProduction) {
    return (
      <p className="demo-banner demo-banner--danger" role="alert">
        <TriangleAlert aria-hidden size={18} />
        {TEXT.openInProduction}
      </p>
    );
  }
  if (session.authMode === 'open' || !session.staff) {
    return (
      <p className="demo-banner" role="note">
        <Info aria-hidden size={18} />
        {TEXT.demoMode}
      </p>
    );
  }
  return <StaffSessionBar session={session} />;
}

function StaffSessionBar({ session }: { session: Session }) {
  const signOut = useSignOut();
  const staff = session.staff!;
  return (
    <div className="session-bar">
      <p className="session-bar__who">
        {TEXT.signedInAs} <strong>{staff.name}</strong> <span className="session-bar__role">{TEXT.roles[staff.role]}</span>
      </p>
      {staff.role === 'admin' && <StaffManagement currentStaffId={staff.id} />}
      <button type="button" className="button button--secondary" onClick={() => signOut.mutate()} aria-disabled={signOut.isPending || undefined}>
        <LogOut aria-hidden size={18} />
        {TEXT.signOut}
      </button>
      {signOut.error && (
        <p className="form-error" role="alert">
          {TEXT.signOutFailed} {signOut.error.message}
        </p>
      )}
    </div>
  );
}
