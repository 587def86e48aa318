import { loadNamespaces, type FeatureNamespace } from '@lms/i18n';
import type { ComponentType } from 'react';
import { lazyComponent, loadChunk, type LazyComponent } from '../lib/ui-state/chunk-loading';

export interface LazyRoute extends LazyComponent<object> {
  /** The translation namespaces that load with it. */
  readonly namespaces: readonly FeatureNamespace[];
}

/**
 * A route component in its own chunk (lazyComponent: loaded on first render or `preload()` under
 * the 120 000 ms chunk timeout, failing with 'Loading chunk <name> failed.', rendered at once
 * when it has already arrived), its translation namespaces loading alongside, so the screen
 * never renders raw keys.
 */
export function lazyRoute<Module>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespaces: readonly FeatureNamespace[] = [],
): LazyRoute {
  const route = lazyComponent(chunk, load, pick, () =>
    loadChunk(`${chunk} translations`, () => loadNamespaces(namespaces)),
  );
  return Object.assign(route, { namespaces });
}
