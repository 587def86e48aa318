import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from '../lib/ui-state/app-update';

/** How often an open portal asks whether a new version was deployed (as well as on each load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts: precache, page fallback, scope `/`). Workbox's
 * window library loads with it, after the page, and is not part of /lms/login's first bytes.
 */
export function registerServiceWorker(): void {
  // Once a new version has been offered here, its taking over reloads this tab: the one where the
  // user accepted, and every other open tab (their old chunks leave the precache with it), also a
  // tab the first install never controlled. Never on the first install's own takeover.
  let updateOffered = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updateOffered) window.location.reload();
  });
  const activate = registerSW({
    onNeedRefresh: () => {
      updateOffered = true;
      offerUpdate(() => activate());
    },
    // The listener above reloads.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}
