import { startTransition, useEffect, useState } from 'react';
import { whenIdleAfterPaint } from './idle-after-paint';

// The wait itself is a module of its own: the login page and the worker's start use it without
// this hook (and the shell's chunk it belongs to).
export { FIRST_SCREEN_WAIT_MS, whenIdleAfterPaint } from './idle-after-paint';

/** Once reached, later mounts (another layout, a remount) render their panels at once. */
let reached = false;

/**
 * False until the first screen has been painted, its requests have answered (`busy` says when
 * they are still on their way) and the browser is idle, then true for good: what the first screen
 * does not show (the services in the desktop's apps column, a phone's photo) renders or is asked
 * for then, so it never delays what the person came for (the news, a phone's sections). It renders
 * as a transition, which a screen's own update (data arriving, a click) interrupts.
 */
export function useAfterFirstScreen(busy?: () => boolean): boolean {
  const [ready, setReady] = useState(reached);
  useEffect(() => {
    if (ready) return;
    return whenIdleAfterPaint(() => {
      reached = true;
      startTransition(() => setReady(true));
    }, busy);
    // `busy` is read when the browser idles, not a reason to start waiting again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return ready;
}
