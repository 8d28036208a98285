import type { CalendarFeed, StaffProfile, StaffProfileChanges } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

/** Under the staff list's key: a change to the team refreshes the profile too. */
export const profileKey = ['staff', 'me'] as const;

export function fetchMyProfile(signal?: AbortSignal): Promise<StaffProfile> {
  return apiJson('/api/staff/me', { signal });
}

export function updateStaffProfile(id: string, changes: StaffProfileChanges): Promise<StaffProfile> {
  return apiJson(`/api/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

/** A new secret feed address for the signed-in member (the old one stops working); shown this once. */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return apiJson('/api/staff/me/calendar-feed', { method: 'POST' });
}

export function revokeCalendarFeed(): Promise<void> {
  return apiJson('/api/staff/me/calendar-feed', { method: 'DELETE' });
}
