import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { applyTheme, readStoredTheme, readSystemTheme, storeTheme, subscribeToSystemTheme, type Theme } from './themePreference';

/** The system's colour scheme until the visitor picks one; their pick is remembered. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const [chosen, setChosen] = useState<Theme | null>(readStoredTheme);
  const system = useSyncExternalStore(subscribeToSystemTheme, readSystemTheme, () => 'light' as const);
  const theme = chosen ?? system;

  // Layout effect: the attribute is set before the first paint, so the page never flashes the other theme.
  useLayoutEffect(() => applyTheme(theme), [theme]);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    storeTheme(next);
    setChosen(next);
  }, [theme]);

  return { theme, toggleTheme };
}
