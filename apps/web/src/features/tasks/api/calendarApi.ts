import type { Calendar, CalendarQuery } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export function fetchCalendar(query: CalendarQuery, signal?: AbortSignal): Promise<Calendar> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return apiJson(`/api/calendar?${params}`, { signal });
}
