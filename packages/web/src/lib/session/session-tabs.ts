/**
 * Every tab of a browser shares one session (its cookie and its storage): a deliberate sign-out in
 * one tab ends it in all of them. The others hear it at once and open the login page, each
 * remembering the screen it was on, rather than waiting for their next request's 401.
 */
const CHANNEL = 'lms-session';

interface SignedOut {
  type: 'signed-out';
}

const listeners = new Set<() => void>();
/** One channel per page: a channel never hears its own messages, so a tab is not told its own. */
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  try {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  } catch {
    channel = null;
  }
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as Partial<SignedOut> | null)?.type !== 'signed-out') return;
    for (const listener of [...listeners]) listener();
  });
  return channel;
}

/** Tells the other tabs that the person signed out here. */
export function tellSignedOut(): void {
  try {
    sessionChannel()?.postMessage({ type: 'signed-out' } satisfies SignedOut);
  } catch {
    // The other tabs find out from the server's 401 instead.
  }
}

/** Calls `listener` when the person signs out in another tab; returns the function that stops. */
export function onSignedOutElsewhere(listener: () => void): () => void {
  sessionChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
