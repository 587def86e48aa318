import { describe, expect, it, vi } from 'vitest';
import { loadWayIn } from '../src/app/load-way-in';
import { loadChunk } from '../src/lib/ui-state/chunk-loading';

vi.mock('../src/lib/ui-state/chunk-loading', () => ({ loadChunk: vi.fn() }));

type WayIn = Awaited<ReturnType<typeof loadWayIn>>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('loadWayIn', () => {
  it('shares one import among the calls made while it loads, and tries again after a failure', async () => {
    const load = vi.mocked(loadChunk);
    const failing = deferred<WayIn>();
    load.mockReturnValueOnce(failing.promise);
    const first = loadWayIn();
    const second = loadWayIn();
    expect(load).toHaveBeenCalledTimes(1);

    failing.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');

    // A later call imports again, and once the way in has arrived nothing is imported any more.
    const wayIn = {} as WayIn;
    load.mockResolvedValueOnce(wayIn);
    await expect(loadWayIn()).resolves.toBe(wayIn);
    await expect(loadWayIn()).resolves.toBe(wayIn);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
