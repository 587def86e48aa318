import { signal } from '@preact/signals-react';

/**
 * A new version of the portal is installed and waiting (the service worker's `prompt` mode): the
 * page keeps running the version it loaded until the user accepts, so it never mixes two builds.
 */
export const updateWaiting = signal(false);

let activate: (() => Promise<void>) | undefined;

/** Called by the service worker's registration (app/service-worker.ts) when an update waits. */
export function offerUpdate(activateUpdate: () => Promise<void>): void {
  activate = activateUpdate;
  updateWaiting.value = true;
}

/** The waiting version takes over; every open tab of the portal then reloads on it. */
export function applyUpdate(): Promise<void> {
  updateWaiting.value = false;
  return activate?.() ?? Promise.resolve();
}

/** "Later": the prompt goes; the new version starts the next time the portal is opened. */
export function postponeUpdate(): void {
  updateWaiting.value = false;
}

/**
 * Moves this page to the version deployed now, when a chunk of the running one is gone: through
 * the waiting service worker where one waits (every open tab reloads on it), else by reloading.
 * Nothing typed is lost: drafts and outboxes are stored on the device before the page goes.
 */
export function loadNewVersion(): void {
  if (activate) void applyUpdate();
  else window.location.reload();
}
