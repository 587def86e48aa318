import { loadChunk } from '../lib/chunk-loading';

let started = false;

/**
 * Registers the service worker once per page, when the shell has shown its first screen and the
 * browser is idle: its precache (every route chunk) then never competes with the way in (the
 * login request, the shell's chunks, the first screen's data), which on a phone's slow network it
 * would. A signed-out visitor has nothing to keep offline, so the login page installs nothing (it
 * only listens for updates where the portal is installed already, main.tsx). Only the production
 * build has a worker.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () =>
    void loadChunk('service worker', () => import('./service-worker'))
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 1_000);
}
