import type { StaffProfile, StaffProfileChanges } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export function fetchMyProfile(signal?: AbortSignal): Promise<StaffProfile> {
  return apiJson('/api/staff/me', { signal });
}

export function updateStaffProfile(id: string, changes: StaffProfileChanges): Promise<StaffProfile> {
  return apiJson(`/api/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}
