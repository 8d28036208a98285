import { readLocalStorage, writeLocalStorage } from '../../lib/localStorage';

/** The page's two halves side by side (the default), or the staff's dashboard across the whole width. */
export type DashboardWidth = 'half' | 'full';

export const DASHBOARD_WIDTH_STORAGE_KEY = 'lead-desk-dashboard-width';

export function readStoredDashboardWidth(): DashboardWidth {
  return readLocalStorage(DASHBOARD_WIDTH_STORAGE_KEY) === 'full' ? 'full' : 'half';
}

export function storeDashboardWidth(width: DashboardWidth): void {
  writeLocalStorage(DASHBOARD_WIDTH_STORAGE_KEY, width);
}
