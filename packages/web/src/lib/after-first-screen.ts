import { startTransition, useEffect, useState } from 'react';

/** An idle callback comes at the latest this long after the first screen was painted. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Once reached, later mounts (another layout, a remount) render their panels at once. */
let reached = false;

/**
 * Runs `run` once the page has painted the current frame and the main thread is idle (or after
 * `IDLE_TIMEOUT_MS` at the latest); returns a cancel.
 */
export function whenIdleAfterPaint(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const afterPaint = () => {
    // A task queued from the frame's callback runs once that frame has been painted.
    timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof requestIdleCallback === 'function') {
        idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      } else {
        timer = setTimeout(run, 1);
      }
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
 * False until the first screen has been painted and the browser is idle, then true for good: what
 * the first screen does not show (the desktop's apps column, the contact column) renders then,
 * so its work never delays what the person came for (the news, a phone's sections). It renders
 * as a transition, which a screen's own update (data arriving, a click) interrupts.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(reached);
  useEffect(() => {
    if (ready) return;
    return whenIdleAfterPaint(() => {
      reached = true;
      startTransition(() => setReady(true));
    });
  }, [ready]);
  return ready;
}
