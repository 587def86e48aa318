import { effect, signal } from '@preact/signals-react';
import { readStorage, writeStorage } from '../offline/storage';

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';
/** Dark is the default mode. */
export const DEFAULT_THEME: Theme = 'dark';

export function storedTheme(): Theme {
  return readStorage(THEME_STORAGE_KEY) === 'light' ? 'light' : DEFAULT_THEME;
}

export const theme = signal<Theme>(storedTheme());

export function toggleTheme(): void {
  theme.value = theme.value === 'dark' ? 'light' : 'dark';
}

/** Puts the current theme on <html> at once (before the first paint, from main.tsx). */
export function applyTheme(): void {
  document.documentElement.dataset.theme = theme.value;
}

/** Writes the theme to <html data-theme> and local storage whenever it changes. */
export function startThemeSync(): () => void {
  return effect(() => {
    const current = theme.value;
    document.documentElement.dataset.theme = current;
    writeStorage(THEME_STORAGE_KEY, current);
  });
}
