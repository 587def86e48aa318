import { loadChunk } from '../lib/ui-state/chunk-loading';
import type * as WayInModule from './way-in';

type WayIn = typeof WayInModule;

/** The way in once it has arrived: later calls resolve in the same turn, not a task later. */
let arrived: WayIn | undefined;
/** The way in on its way: calls made meanwhile share its one import (and its one timeout). */
let pending: Promise<WayIn> | undefined;

/**
 * The way in's chunk (app/way-in.ts), under the chunk timeout; the browser loads it once. Once it
 * is there, what waits for it (a login's first requests) runs at once: a dynamic import, even of a
 * module already loaded, resolves a task later, after whatever React has queued meanwhile. A
 * failed load is forgotten, so the next call tries again.
 */
export const loadWayIn = (): Promise<WayIn> => {
  if (arrived) return Promise.resolve(arrived);
  pending ??= loadChunk('way in', () => import('./way-in')).then(
    (module) => (arrived = module),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
};
