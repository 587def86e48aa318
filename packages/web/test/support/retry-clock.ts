import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Sets up the cases of a test file about the outbox's retries: fake timeouts, and every retry at
 * the end of its jitter window (2.98 s, 4.96 s, 8.92 s...), so a case knows its steps; after each
 * case its timers are dropped and the real clock and Math.random come back. Call it once, at the
 * top (after any afterEach that must run once the real clock is back).
 */
export function setUpRetryClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/**
 * Lets every pending promise, request and IndexedDB call settle: `rounds` turns of the event loop
 * (setImmediate is not faked). Writes that reach the in-process mock server take more turns.
 */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** `ms` of fake time pass (the retries due in them go), then what they set off settles. */
export async function pass(ms: number, rounds?: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle(rounds);
}
