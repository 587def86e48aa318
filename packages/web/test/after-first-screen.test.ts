import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_WAIT_MS, whenIdleAfterPaint } from '../src/lib/ui-state/after-first-screen';

/** The stubbed browser is idle this long after an idle callback is asked for. */
const IDLE_AFTER_MS = 20;

let frames: FrameRequestCallback[] = [];

/** The browser paints a frame: the callbacks asked for it run. */
function paint(): void {
  const waiting = frames;
  frames = [];
  for (const callback of waiting) callback(performance.now());
}

/** A browser with frames the test paints and idle periods every IDLE_AFTER_MS (on fake timers). */
function stubBrowser({ idleCallbacks }: { idleCallbacks: boolean }) {
  frames = [];
  const idle = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
    setTimeout(
      () => callback({ didTimeout: false, timeRemaining: () => 50 }),
      Math.min(IDLE_AFTER_MS, options?.timeout ?? Infinity),
    ),
  );
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames = frames.filter((_, index) => index !== id - 1);
  });
  vi.stubGlobal('requestIdleCallback', idleCallbacks ? idle : undefined);
  vi.stubGlobal('cancelIdleCallback', idleCallbacks ? (id: number) => clearTimeout(id) : undefined);
  return { idle };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe.each([
  ['with requestIdleCallback', true],
  ['without requestIdleCallback', false],
])('whenIdleAfterPaint %s', (_, idleCallbacks) => {
  beforeEach(() => {
    stubBrowser({ idleCallbacks });
  });

  it('runs once the frame has been painted and the browser is idle, never before the paint', () => {
    const run = vi.fn();
    whenIdleAfterPaint(run);

    vi.advanceTimersByTime(5 * FIRST_SCREEN_WAIT_MS);
    expect(run).not.toHaveBeenCalled();

    paint();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_AFTER_MS + 50);
    expect(run).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(5 * FIRST_SCREEN_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while the first screen is busy and runs as soon as it is not', () => {
    const run = vi.fn();
    let busy = true;
    whenIdleAfterPaint(run, () => busy);
    paint();

    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS / 2);
    expect(run).not.toHaveBeenCalled();

    busy = false;
    vi.advanceTimersByTime(IDLE_AFTER_MS + 50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs FIRST_SCREEN_WAIT_MS after the paint at the latest while still busy', () => {
    const run = vi.fn();
    const busy = vi.fn(() => true);
    whenIdleAfterPaint(run, busy);
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
    paint();

    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    // It did ask, and was told to wait.
    expect(busy).toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * FIRST_SCREEN_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled before the paint', () => {
    const run = vi.fn();
    const cancel = whenIdleAfterPaint(run);
    cancel();
    paint();
    vi.advanceTimersByTime(5 * FIRST_SCREEN_WAIT_MS);
    expect(run).not.toHaveBeenCalled();
  });

  it('never runs once cancelled while waiting for the first screen', () => {
    const run = vi.fn();
    const cancel = whenIdleAfterPaint(run, () => true);
    paint();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS / 2);
    cancel();
    vi.advanceTimersByTime(5 * FIRST_SCREEN_WAIT_MS);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('whenIdleAfterPaint', () => {
  it('asks the browser for an idle period no later than the time left', () => {
    const { idle } = stubBrowser({ idleCallbacks: true });
    whenIdleAfterPaint(vi.fn(), () => true);
    paint();
    vi.advanceTimersByTime(0);
    expect(idle).toHaveBeenLastCalledWith(expect.any(Function), { timeout: FIRST_SCREEN_WAIT_MS });

    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(idle).toHaveBeenLastCalledWith(expect.any(Function), {
      timeout: FIRST_SCREEN_WAIT_MS - IDLE_AFTER_MS,
    });
  });

  it('without requestAnimationFrame, starts counting at once', () => {
    stubBrowser({ idleCallbacks: false });
    vi.stubGlobal('requestAnimationFrame', undefined);
    const run = vi.fn();
    whenIdleAfterPaint(run, () => true);
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
