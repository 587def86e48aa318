import { loadNamespaces, type FeatureNamespace } from '@lms/i18n';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../lib/chunk-loading';

export interface LazyRoute extends LazyExoticComponent<ComponentType> {
  /** Starts loading the chunk (and its translations) before the route renders. */
  preload(): Promise<unknown>;
}

/**
 * A route component in its own chunk, loaded on first render (or `preload()`) under the
 * 120 000 ms chunk timeout, failing with 'Loading chunk <name> failed.'; its translation
 * namespaces load alongside, so the screen never renders raw keys. It suspends while loading.
 */
export function lazyRoute<Module>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespaces: readonly FeatureNamespace[] = [],
): LazyRoute {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (pending ??= Promise.all([
      loadChunk(chunk, load),
      loadChunk(`${chunk} translations`, () => loadNamespaces(namespaces)),
    ]).then(([module]) => ({ default: pick(module) })));
  return Object.assign(lazy(preload), { preload });
}
