import { initI18n } from '@lms/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetUiState } from '../src/lib/ui-sync';

// findBy*/waitFor wait up to 5 s: lazy route chunks and the in-process mock server answer in
// milliseconds alone, but CI runs every package's suite at once on two cores.
configure({ asyncUtilTimeout: 5_000 });

await initI18n({ lng: 'ru' });

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

beforeEach(async () => {
  localStorage.clear();
  clearCookies();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  await initI18n({ lng: 'ru' });
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  resetUiState();
  document.documentElement.removeAttribute('data-theme');
  document.title = '';
});

afterEach(() => {
  cleanup();
});
