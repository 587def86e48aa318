import { initI18n } from '@lms/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from '../../../vitest.shared.ts';
import { resetUiState } from '../src/lib/ui-state/ui-sync';
import { clearUnreadBadge } from '../src/lib/unread-count/unread-badge';

// findBy*/waitFor wait as long as the tree's one policy says: lazy route chunks and the
// in-process mock server answer in milliseconds alone, but CI runs every package's suite at once
// on two shared cores.
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

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
  // The title's unread count belongs to the case that showed it.
  clearUnreadBadge();
});
