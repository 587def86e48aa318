import { loadNamespaces, type FeatureNamespace } from '@lms/i18n';
import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk-loading';

/**
 * A content route's `lazy`: its module is a separate chunk, loaded on first visit under the
 * 120 000 ms chunk timeout, failing with 'Loading chunk <name> failed.'; its translation
 * namespaces load alongside, so the screen never renders raw keys.
 */
export function lazyRoute<Module>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespaces: readonly FeatureNamespace[] = [],
) {
  return async () => {
    const [module] = await Promise.all([
      loadChunk(chunk, load),
      loadChunk(`${chunk} translations`, () => loadNamespaces(namespaces)),
    ]);
    return { Component: pick(module) };
  };
}
