import type { NewStaffMember, StaffAccount } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export const staffKey = ['staff'] as const;

export function fetchStaff(signal?: AbortSignal): Promise<StaffAccount[]> {
  return apiJson('/api/staff', { signal });
}

export function addStaffMember(member: NewStaffMember): Promise<StaffAccount> {
  return apiJson('/api/staff', { method: 'POST', body: member });
}

export function removeStaffMember(id: string): Promise<void> {
  return apiJson(`/api/staff/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
