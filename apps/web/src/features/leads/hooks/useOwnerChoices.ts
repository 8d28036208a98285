import type { Session } from '@lead-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchStaff, staffKey } from '../../auth';

export interface OwnerChoice {
  /** The URL's `owner`: me, none or a staff id. */
  value: string;
  label: string;
}

const TEXT = { mine: 'Mine', unassigned: 'Unassigned' };

/**
 * Whose leads the owner filter offers: "Mine" for a signed-in member of staff (open mode
 * has no "me"), "Unassigned", and each member of staff to those who may read the team.
 */
export function useOwnerChoices(viewer: Session | undefined) {
  const mayListStaff = viewer?.authMode === 'open' || viewer?.staff?.role === 'admin';
  const staff = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => fetchStaff(signal), enabled: mayListStaff });
  const choices: OwnerChoice[] = [
    ...(viewer?.authMode === 'staff' && viewer.staff ? [{ value: 'me', label: TEXT.mine }] : []),
    { value: 'none', label: TEXT.unassigned },
    ...(staff.data ?? []).filter((member) => member.id !== viewer?.staff?.id).map((member) => ({ value: member.id, label: member.name })),
  ];
  return { choices, error: staff.error };
}
