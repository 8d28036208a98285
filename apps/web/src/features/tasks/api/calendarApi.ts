import type { Calendar, CalendarFeed, CalendarQuery } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export function fetchCalendar(query: CalendarQuery, signal?: AbortSignal): Promise<Calendar> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return apiJson(`/api/calendar?${params}`, { signal });
}

/** A new secret feed address for the signed-in member (the old one stops working); shown this once. */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return apiJson('/api/staff/me/calendar-feed', { method: 'POST' });
}

export function revokeCalendarFeed(): Promise<void> {
  return apiJson('/api/staff/me/calendar-feed', { method: 'DELETE' });
}
