import type { QueryClient } from '@tanstack/react-query';
import { clearTokenCookie } from '../../../lib/session/session-cookies';
import { forgetOfflineData } from '../../../lib/offline/offline-cache';
import { clearStorage } from '../../../lib/offline/storage';
import { persistPreferences } from '../../../lib/ui-state/preferences';
import { clearUnreadBadge } from '../../../lib/unread-count/unread-badge';

/**
 * Leaving the session clears all local storage and the user, and the data kept for
 * offline use goes with them. The device's theme and language are written back (they belong to the
 * browser, not the session).
 */
export function endLocalSession(queryClient: QueryClient): void {
  clearStorage();
  persistPreferences();
  clearTokenCookie();
  queryClient.clear();
  // Unread counts belong to the session: the title and the app icon forget them.
  clearUnreadBadge();
  void forgetOfflineData();
}
