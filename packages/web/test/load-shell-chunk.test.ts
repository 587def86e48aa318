import { describe, expect, it, vi } from 'vitest';
import { loadShellChunk } from '../src/app/load-shell-chunk';
import { loadChunk } from '../src/lib/ui-state/chunk-loading';

vi.mock('../src/lib/ui-state/chunk-loading', () => ({ loadChunk: vi.fn() }));

type ShellChunk = Awaited<ReturnType<typeof loadShellChunk>>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('loadShellChunk', () => {
  it('shares one import among the calls made while it loads, and tries again after a failure', async () => {
    const load = vi.mocked(loadChunk);
    const failing = deferred<ShellChunk>();
    load.mockReturnValueOnce(failing.promise);
    const first = loadShellChunk();
    const second = loadShellChunk();
    expect(load).toHaveBeenCalledTimes(1);

    failing.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');

    // A later call imports again, and once the shell chunk has arrived nothing is imported any more.
    const shellChunk = {} as ShellChunk;
    load.mockResolvedValueOnce(shellChunk);
    await expect(loadShellChunk()).resolves.toBe(shellChunk);
    await expect(loadShellChunk()).resolves.toBe(shellChunk);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
