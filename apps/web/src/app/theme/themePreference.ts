import { readLocalStorage, writeLocalStorage } from '../../lib/localStorage';

export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'lead-desk-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): Theme | null {
  const value = readLocalStorage(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

export function storeTheme(theme: Theme): void {
  writeLocalStorage(THEME_STORAGE_KEY, theme);
}

export function readSystemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}
