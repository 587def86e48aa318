import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A script chunk that has not arrived after 120 000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** How long the look at the deployed portal may take before the network counts as down. */
export const PROBE_TIMEOUT_MS = 10_000;

/**
 * Why a chunk failed, as far as the page can tell: a new build has been deployed under it (its
 * chunks have other names now), or the network did not bring the file.
 */
export type ChunkFailure = 'new-version' | 'network';

/** The message for a script chunk that failed: 'Loading chunk ... failed'. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;
  readonly failure: ChunkFailure;

  constructor(chunk: string, cause?: unknown, failure: ChunkFailure = 'network') {
    super(`Loading chunk ${chunk} failed.`, cause === undefined ? undefined : { cause });
    this.chunk = chunk;
    this.failure = failure;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** The portal's index as deployed now, past every cache; rejects when it cannot be had. */
async function fetchDeployedIndex(): Promise<string> {
  const response = await fetch(import.meta.env.BASE_URL, {
    cache: 'no-store',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`index: ${response.status}`);
  return response.text();
}

/** The entry script an index names: its module script (any order of attributes). */
const entryIn = (html: string) =>
  /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? null;

/** The entry script this page was started with. */
const runningEntry = () =>
  document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;

/**
 * A failed chunk is a new version when the network answers with the portal's index and that
 * index names another entry script than the one this page runs (a build names its files by their
 * content, so a new build's entry has a new name). Otherwise the network is what failed: the
 * index did not come, or something else answered (a captive portal), or it is still this build's
 * and the chunk itself did not arrive. A page that cannot name its entry takes the index's word.
 */
export async function chunkFailureOf(
  fetchIndex: () => Promise<string> = fetchDeployedIndex,
  entry: string | null = runningEntry(),
): Promise<ChunkFailure> {
  try {
    const deployed = entryIn(await fetchIndex());
    return deployed !== null && deployed !== entry ? 'new-version' : 'network';
  } catch {
    return 'network';
  }
}

/** One look at the deployed portal for the chunks that fail together (a route and its texts). */
let judging: Promise<ChunkFailure> | undefined;

function judgeFailure(): Promise<ChunkFailure> {
  judging ??= chunkFailureOf().finally(() => (judging = undefined));
  return judging;
}

/**
 * Runs a dynamic import, failing with a ChunkLoadError when it rejects or outlives the timeout;
 * the error says whether a new version or the network is to blame.
 */
export function loadChunk<Module>(
  chunk: string,
  load: () => Promise<Module>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    let settled = false;
    const fail = (cause?: unknown) => {
      if (settled) return;
      settled = true;
      void judgeFailure().then((failure) => reject(new ChunkLoadError(chunk, cause, failure)));
    };
    const timer = setTimeout(fail, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}

export interface LazyComponent<Props extends object> extends FunctionComponent<Props> {
  /** Starts loading the chunk (and whatever goes with it) before the component renders. */
  preload(): Promise<unknown>;
  /** The chunk's name, as its failure names it. */
  readonly chunk: string;
}

/**
 * A component in a chunk of its own, loaded on first render (or `preload()`) by loadChunk, with
 * `alongside` (its translations, say) loaded at the same time, so it never renders without them.
 *
 * Unlike React.lazy, a component whose chunk has already arrived renders at once: it does not
 * suspend for a microtask, so no Suspense fallback shows and React's 300 ms reveal throttle never
 * holds the screen. Otherwise it suspends (as React.lazy) until the chunk is there.
 */
export function lazyComponent<Module, Props extends object>(
  chunk: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  alongside?: () => Promise<unknown>,
): LazyComponent<Props> {
  let pending: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (pending ??= Promise.all([loadChunk(chunk, load), alongside?.()]).then(
      ([module]) => (loaded = pick(module)),
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    return createElement(loaded ?? Lazy, props);
  }
  Component.displayName = `Lazy(${chunk})`;
  return Object.assign(Component, { preload, chunk });
}
