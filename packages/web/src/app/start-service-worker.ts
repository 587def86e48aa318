import { whenIdleAfterPaint } from '../lib/ui-state/idle-after-paint';
import { loadChunk } from '../lib/ui-state/chunk-loading';

let started = false;

/**
 * How long a signed-in first screen waits at most for a quiet moment (nothing asked of the server)
 * before the worker's precache starts.
 */
export const SERVICE_WORKER_WAIT_MS = 30_000;

/**
 * Registers the service worker once per page. The shell calls it once its first screen is shown,
 * with `busy` telling whether requests are on their way: the registration waits for a moment when
 * none is and the browser is idle (at most `SERVICE_WORKER_WAIT_MS`), so its precache (every route
 * chunk, about a megabyte) never competes with the shell chunk or the first screen's data (a phone's
 * next tab's included), which on a phone's slow network it would. A signed-out visitor has nothing
 * to keep offline, so the login page installs nothing (it only listens for updates where the
 * portal is installed already, main.tsx). Only the production build has a worker.
 */
export function startServiceWorker(busy?: () => boolean): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () =>
    void loadChunk('service worker', () => import('./service-worker'))
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  whenIdleAfterPaint(register, busy, SERVICE_WORKER_WAIT_MS);
}
