import { onlineManager } from '@tanstack/react-query';

const RETRY_FLOOR_MS = 1_000;
const RETRY_WINDOW_MS = 2_000;
/** The longest wait between automatic retries. */
export const OUTBOX_RETRY_CAP_MS = 60_000;

/**
 * The wait before automatic retry number `attempt` (0 for the first after a failure): a floor of
 * 1 s plus full jitter over a window that doubles each time (2 s, 4 s, 8 s, ...), 60 s at most in
 * all. The first retry comes 1–3 s after the failure; `random` returns a number in [0, 1).
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const doublings = Math.min(Math.max(Math.floor(attempt), 0), 16);
  const window = Math.min(OUTBOX_RETRY_CAP_MS - RETRY_FLOOR_MS, RETRY_WINDOW_MS * 2 ** doublings);
  return RETRY_FLOOR_MS + Math.floor(random() * window);
}

/** When an outbox tries an owner's queue again by itself. */
export interface RetrySchedule {
  /** The owner's queue waits for a retry (a timer, the network, the tab being shown). */
  isWaiting(owner: number): boolean;
  /** The owner waits for the network (no timer) or, with `timed`, also for its next backoff step. */
  wait(owner: number, timed: boolean): void;
  /** The owner waits for nothing any more. */
  stop(owner: number): void;
  /** The owner's next transient failure waits the first backoff step again. */
  startOver(owner: number): void;
}

/**
 * The outbox's retries: an owner whose queue stopped on a transient failure is flushed again
 * after a growing delay (`retryDelay`), and every waiting owner at once when the network returns
 * (which starts the backoff over) or the tab is shown again. Offline, a timer's retry waits for
 * the network instead. Nothing is listened to while no owner waits.
 */
export function createRetrySchedule(flush: (owner: number) => Promise<void>): RetrySchedule {
  /** Owners whose queue waits for an automatic retry: the retry count and its timer. */
  const waiting = new Map<number, { attempt: number; timer?: ReturnType<typeof setTimeout> }>();
  let stopListening: (() => void) | undefined;

  const wake = () => {
    if (!onlineManager.isOnline()) return;
    for (const [owner, state] of waiting) {
      clearTimeout(state.timer);
      state.timer = undefined;
      void flush(owner);
    }
  };
  const listen = () => {
    if (stopListening) return;
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return;
      // A returning network starts the backoff over.
      for (const state of waiting.values()) state.attempt = 0;
      wake();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const doc = typeof document === 'undefined' ? undefined : document;
    doc?.addEventListener('visibilitychange', onVisibility);
    stopListening = () => {
      unsubscribe();
      doc?.removeEventListener('visibilitychange', onVisibility);
      stopListening = undefined;
    };
  };

  return {
    isWaiting: (owner) => waiting.has(owner),
    wait(owner, timed) {
      const state = waiting.get(owner) ?? { attempt: 0 };
      clearTimeout(state.timer);
      state.timer = undefined;
      if (timed) {
        state.timer = setTimeout(() => {
          state.timer = undefined;
          // Offline, the retry waits for the network's return instead.
          if (onlineManager.isOnline()) void flush(owner);
        }, retryDelay(state.attempt));
        state.attempt += 1;
      }
      waiting.set(owner, state);
      listen();
    },
    stop(owner) {
      clearTimeout(waiting.get(owner)?.timer);
      waiting.delete(owner);
      if (waiting.size === 0) stopListening?.();
    },
    startOver(owner) {
      const state = waiting.get(owner);
      if (state) state.attempt = 0;
    },
  };
}
