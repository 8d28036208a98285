import { useCallback, useState } from 'react';
import { readStoredDashboardWidth, storeDashboardWidth, type DashboardWidth } from './dashboardWidth';

/** Whether the dashboard takes the whole width; the choice is remembered by this browser. */
export function useDashboardWidth(): { width: DashboardWidth; toggleWidth: () => void } {
  const [width, setWidth] = useState<DashboardWidth>(readStoredDashboardWidth);
  const toggleWidth = useCallback(() => {
    const next: DashboardWidth = width === 'full' ? 'half' : 'full';
    storeDashboardWidth(next);
    setWidth(next);
  }, [width]);
  return { width, toggleWidth };
}
