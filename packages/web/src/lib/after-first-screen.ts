import { startTransition, useEffect, useState } from 'react';

/**
 * What waits for the first screen waits at most this long after it was painted: on a slow network
 * its requests may take longer, and the rest of the page should not wait for them.
 */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/** Once reached, later mounts (another layout, a remount) render their panels at once. */
let reached = false;

/**
 * Runs `run` once the page has painted the current frame and the main thread is idle while
 * `busy()` is false (the first screen's requests have answered), or `FIRST_SCREEN_WAIT_MS` after
 * that frame at the latest; returns a cancel.
 */
export function whenIdleAfterPaint(run: () => void, busy: () => boolean = () => false): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  const attempt = () => {
    if (cancelled) return;
    const left = deadline - Date.now();
    if (left > 0 && busy()) schedule(left);
    else run();
  };
  const schedule = (left: number) => {
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(attempt, { timeout: left });
    } else {
      timer = setTimeout(attempt, Math.min(left, 50));
    }
  };
  const afterPaint = () => {
    // A task queued from the frame's callback runs once that frame has been painted.
    timer = setTimeout(() => {
      deadline = Date.now() + FIRST_SCREEN_WAIT_MS;
      schedule(FIRST_SCREEN_WAIT_MS);
    }, 0);
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(afterPaint) : 0;
  if (!frame) afterPaint();
  return () => {
    cancelled = true;
    if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

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
