import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk-loading';

/**
 * A content route's `lazy`: its module is a separate chunk, loaded on first visit under the
 * 120 000 ms chunk timeout, failing with 'Loading chunk <name> failed.'.
 */
export function lazyRoute<Module>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
) {
  return async () => ({ Component: pick(await loadChunk(chunk, load)) });
}
