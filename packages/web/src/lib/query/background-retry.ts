import { isLmsError } from '@lms/client';
import {
  focusManager,
  notifyManager,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

/** The first background retry waits this long after a failure. */
export const FIRST_RETRY_MS = 10_000;
/** No background retry waits longer than this. */
export const MAX_RETRY_MS = 120_000;
/** Each wait is shortened by up to this share, at random. */
export const RETRY_JITTER = 0.25;

/**
 * How long a failed query waits before its background retry number `attempt` (0 for the first):
 * 10 s, doubling each time, never more than 2 min, shortened by up to a quarter as `random` (from
 * [0, 1), e.g. `Math.random()`) says, so pages that failed together do not come back together.
 */
export function backgroundRetryDelay(attempt: number, random: number): number {
  const doublings = Math.max(0, Math.floor(attempt));
  const wait = Math.min(FIRST_RETRY_MS * 2 ** doublings, MAX_RETRY_MS);
  const share = Math.min(Math.max(random, 0), 1);
  return Math.round(wait * (1 - RETRY_JITTER * share));
}

/**
 * The server understood and said no (a 4xx other than 429, or a truthy `result`), or the request
 * was cancelled: asking again unchanged gets the same answer, so nothing retries it by itself.
 */
export function isRefusal(error: unknown): boolean {
  if (!isLmsError(error)) return false;
  switch (error.problem) {
    case 'OK':
    case 'CANCEL_ERROR':
      return true;
    case 'CLIENT_ERROR':
      return error.status !== 429;
    default:
      return false;
  }
}

/** An observer that polls asks again by itself; a background retry would only double it. */
function isPolled(query: Query): boolean {
  return query.observers.some((observer) => {
    const { refetchInterval } = observer.options;
    const every = typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval;
    return typeof every === 'number' && every > 0;
  });
}

/** A failed query still on screen that may succeed if asked again later. */
function isRetriable(query: Query): boolean {
  return query.isActive() && !isRefusal(query.state.error) && !isPolled(query);
}

interface Waiting {
  /** Background retries scheduled so far for this failure: the next wait's place in the schedule. */
  attempt: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Makes every failed query of `client` that is still shown come back by itself: it is fetched again
 * on `backgroundRetryDelay`'s schedule, and at once when the browser is back online or the tab
 * visible again. A query keeps at most one timer, none while it fetches (the retry button's fetch
 * included), and none while offline or hidden (the return asks at once). It stops waiting when it
 * succeeds, loses its last active observer, or is refused. Returns the way to stop it all.
 */
export function installBackgroundRetry(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  const waiting = new Map<Query, Waiting>();
  let stopWaking: (() => void) | undefined;

  const canAsk = () => onlineManager.isOnline() && focusManager.isFocused();

  const clearTimer = (entry: Waiting) => {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
  };

  const forget = (query: Query) => {
    const entry = waiting.get(query);
    if (entry) clearTimer(entry);
    waiting.delete(query);
    if (waiting.size === 0 && stopWaking) {
      stopWaking();
      stopWaking = undefined;
    }
  };

  const ask = (query: Query) => {
    const failure = query.state.error;
    notifyManager.batch(() => {
      void client.refetchQueries(
        { type: 'active', predicate: (candidate) => candidate === query },
        { cancelRefetch: false },
      );
      // A fetch turns a query without data from 'error' back to 'pending' and drops its error. A
      // retry nobody asked for keeps both while it runs (as a refetch of a query with data does),
      // so every screen keeps its failed state rather than flash 'Загрузка...' at each attempt.
      if (failure !== null && query.state.fetchStatus === 'fetching') {
        if (query.state.status === 'pending') query.setState({ status: 'error', error: failure });
      }
    });
  };

  const wakeAll = () => {
    if (!canAsk()) return;
    for (const [query, entry] of [...waiting]) {
      if (query.state.fetchStatus !== 'idle' || query.state.status !== 'error') continue;
      clearTimer(entry);
      ask(query);
      follow(query);
    }
  };

  const startWaking = () => {
    if (stopWaking) return;
    const offOnline = onlineManager.subscribe((online) => {
      if (online) wakeAll();
    });
    const offFocus = focusManager.subscribe((focused) => {
      if (focused) wakeAll();
    });
    stopWaking = () => {
      offOnline();
      offFocus();
    };
  };

  function follow(query: Query): void {
    const { status, fetchStatus } = query.state;
    // A fetch after a failure (status 'pending' again when there was no data) keeps the schedule;
    // a query reset to 'pending' without a fetch has no failure left to retry.
    const failed =
      status === 'error' || (status === 'pending' && fetchStatus !== 'idle' && waiting.has(query));
    if (!failed || !isRetriable(query)) {
      forget(query);
      return;
    }
    let entry = waiting.get(query);
    if (!entry) {
      entry = { attempt: 0 };
      waiting.set(query, entry);
      startWaking();
    }
    if (fetchStatus !== 'idle') {
      clearTimer(entry);
      return;
    }
    if (status !== 'error' || entry.timer !== undefined) return;
    const scheduled = entry;
    const delay = backgroundRetryDelay(scheduled.attempt, Math.random());
    scheduled.attempt += 1;
    scheduled.timer = setTimeout(() => {
      scheduled.timer = undefined;
      if (waiting.get(query) !== scheduled || !canAsk()) return;
      ask(query);
      follow(query);
    }, delay);
  }

  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'removed') forget(event.query);
    else follow(event.query);
  });

  return () => {
    unsubscribe();
    for (const query of [...waiting.keys()]) forget(query);
  };
}
