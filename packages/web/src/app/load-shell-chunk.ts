import { loadChunk } from '../lib/ui-state/chunk-loading';
import type * as ShellChunkModule from './shell-chunk';

type ShellChunk = typeof ShellChunkModule;

/** The shell chunk once it has arrived: later calls resolve in the same turn, not a task later. */
let arrived: ShellChunk | undefined;
/** The shell chunk on its way: calls made meanwhile share its one import (and its one timeout). */
let pending: Promise<ShellChunk> | undefined;

/**
 * The shell chunk (app/shell-chunk.ts), under the chunk timeout; the browser loads it once. Once it
 * is there, what waits for it (a login's first requests) runs at once: a dynamic import, even of a
 * module already loaded, resolves a task later, after whatever React has queued meanwhile. A
 * failed load is forgotten, so the next call tries again.
 */
export const loadShellChunk = (): Promise<ShellChunk> => {
  if (arrived) return Promise.resolve(arrived);
  pending ??= loadChunk('shell chunk', () => import('./shell-chunk')).then(
    (module) => (arrived = module),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
};
