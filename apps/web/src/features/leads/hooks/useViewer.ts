import { useSession } from '../../auth';

/** Who is looking at a lead, and what the API lets them do to it. */
export interface Viewer {
  /** Null in open mode, where everyone is the same nobody. */
  staffId: string | null;
  /** Admins (and everyone in open mode) see the team and give a lead to anyone. */
  managesTeam: boolean;
  isAdmin: boolean;
}

export function useViewer(): Viewer {
  const session = useSession().data;
  // Until the session is known nobody is assumed to be an admin (an agent would ask for the team and be refused).
  const open = session?.authMode === 'open';
  const isAdmin = session?.staff?.role === 'admin';
  return { staffId: session?.staff?.id ?? null, managesTeam: open || isAdmin, isAdmin };
}
