import { loadNamespaces, type FeatureNamespace } from '@lms/i18n';
import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';
import { loadChunk } from '../lib/ui-state/chunk-loading';

export interface LazyRoute extends FunctionComponent {
  /** Starts loading the chunk (and its translations) before the route renders. */
  preload(): Promise<unknown>;
  /** The chunk's name: a section's is its feature folder's. */
  readonly chunk: string;
  /** The translation namespaces that load with it. */
  readonly namespaces: readonly FeatureNamespace[];
}

/**
 * A route component in its own chunk, loaded on first render (or `preload()`) under the
 * 120 000 ms chunk timeout, failing with 'Loading chunk <name> failed.'; its translation
 * namespaces load alongside, so the screen never renders raw keys.
 *
 * Unlike React.lazy, a route whose chunk has already arrived (preloaded while the session was
 * checked or the password typed) renders at once: it does not suspend for a microtask, so no
 * Suspense fallback shows and React's 300 ms reveal throttle never holds the screen. Otherwise
 * it suspends (as React.lazy) until the chunk is there.
 */
export function lazyRoute<Module>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  namespaces: readonly FeatureNamespace[] = [],
): LazyRoute {
  let pending: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= Promise.all([
      loadChunk(chunk, load),
      loadChunk(`${chunk} translations`, () => loadNamespaces(namespaces)),
    ]).then(([module]) => (loaded = pick(module))));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Route() {
    return createElement(loaded ?? Lazy);
  }
  Route.displayName = `LazyRoute(${chunk})`;
  return Object.assign(Route, { preload, chunk, namespaces });
}
