import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../theme/themePreference';
import { ThemeToggle } from '../theme/ThemeToggle';

/** A controllable prefers-color-scheme: dark query. */
function stubSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => query));
  return {
    change(nextDark: boolean) {
      dark = nextDark;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const toggle = () => screen.getByRole('button', { name: 'Dark theme' });
const appliedTheme = () => document.documentElement.dataset.theme;

describe('ThemeToggle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system preference until the visitor picks a theme', () => {
    const system = stubSystemTheme(true);
    render(<ThemeToggle />);
    expect(appliedTheme()).toBe('dark');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');

    system.change(false);
    expect(appliedTheme()).toBe('light');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('falls back to light where the browser cannot tell', () => {
    render(<ThemeToggle />);
    expect(appliedTheme()).toBe('light');
  });

  it('switches the theme on the <html> element and remembers the choice', async () => {
    stubSystemTheme(false);
    const user = userEvent.setup();
    const { unmount } = render(<ThemeToggle />);

    await user.click(toggle());
    expect(appliedTheme()).toBe('dark');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    unmount();
    document.documentElement.removeAttribute('data-theme');
    render(<ThemeToggle />);
    expect(appliedTheme()).toBe('dark');

    await user.click(toggle());
    expect(appliedTheme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('keeps a remembered choice when the system preference changes', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const system = stubSystemTheme(true);
    render(<ThemeToggle />);
    expect(appliedTheme()).toBe('light');
    system.change(true);
    expect(appliedTheme()).toBe('light');
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    stubSystemTheme(true);
    render(<ThemeToggle />);
    expect(appliedTheme()).toBe('dark');
  });

  it('still switches when storage is blocked', async () => {
    stubSystemTheme(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(toggle());
    expect(appliedTheme()).toBe('dark');
    vi.restoreAllMocks();
  });
});
