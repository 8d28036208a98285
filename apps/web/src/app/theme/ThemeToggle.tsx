import { Moon, Sun } from 'lucide-react';
import { useTheme } from './useTheme';

const TEXT = { label: 'Dark theme' };

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button type="button" className="theme-toggle" aria-pressed={dark} onClick={toggleTheme}>
      {dark ? <Moon aria-hidden size={18} /> : <Sun aria-hidden size={18} />}
      {TEXT.label}
    </button>
  );
}
