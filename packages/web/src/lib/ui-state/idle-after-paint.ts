/**
 * What waits for the first screen waits at most this long after it was painted: on a slow network
 * its requests may take longer, and the rest of the page should not wait for them.
 */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/**
 * Runs `run` once the page has painted the current frame and the main thread is idle while
 * `busy()` is false (the first screen's requests have answered), or `maxWaitMs` after that frame
 * at the latest; returns a cancel.
 */
export function whenIdleAfterPaint(
  run: () => void,
  busy: () => boolean = () => false,
  maxWaitMs = FIRST_SCREEN_WAIT_MS,
): () => void {
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
      deadline = Date.now() + maxWaitMs;
      schedule(maxWaitMs);
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
