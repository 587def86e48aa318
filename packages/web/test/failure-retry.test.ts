import { LmsError, type Problem } from '@lms/client';
import {
  focusManager,
  notifyManager,
  onlineManager,
  QueryObserver,
  type QueryClient,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedWithoutData } from '../src/components/ui/query-state';
import {
  backgroundRetryDelay,
  FIRST_RETRY_MS,
  isRefusal,
  MAX_RETRY_MS,
} from '../src/lib/query/background-retry';
import { createQueryClient, QUICK_RETRY_MS, shouldRetry } from '../src/lib/query/query-client';

const failure = (problem: Problem, status?: number) =>
  new LmsError(problem, `${problem} ${status ?? ''}`, {
    status,
    serverError: 'Internal server error',
  });

describe('the background retry schedule', () => {
  it('waits 10 s, then twice as long each time, never more than 2 min', () => {
    expect([0, 1, 2, 3, 4, 5, 12, 1000].map((attempt) => backgroundRetryDelay(attempt, 0))).toEqual(
      [10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000, 120_000],
    );
    expect(FIRST_RETRY_MS).toBe(10_000);
    expect(MAX_RETRY_MS).toBe(120_000);
  });

  it('shortens each wait by up to a quarter at random, so pages that failed together spread out', () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const longest = backgroundRetryDelay(attempt, 0);
      for (const random of [0.1, 0.5, 0.9, 0.999]) {
        const wait = backgroundRetryDelay(attempt, random);
        expect(wait).toBeLessThanOrEqual(longest);
        expect(wait).toBeGreaterThanOrEqual(longest * 0.75);
        expect(wait).toBeLessThanOrEqual(MAX_RETRY_MS);
      }
    }
    expect(backgroundRetryDelay(0, 0.5)).toBe(8_750);
  });

  it('reads an attempt below zero as the first, and a random share outside [0, 1] at its edge', () => {
    expect(backgroundRetryDelay(-3, 0)).toBe(10_000);
    expect(backgroundRetryDelay(0, 7)).toBe(7_500);
    expect(backgroundRetryDelay(0, -1)).toBe(10_000);
  });
});

describe('which failures are retried', () => {
  it('retries a quick failure once: no connection, a 5xx, a 429', () => {
    for (const error of [
      failure('CONNECTION_ERROR'),
      failure('NETWORK_ERROR'),
      failure('SERVER_ERROR', 500),
      failure('SERVER_ERROR', 503),
      failure('CLIENT_ERROR', 429),
    ]) {
      expect(shouldRetry(0, error), error.message).toBe(true);
      expect(shouldRetry(1, error), error.message).toBe(false);
    }
    expect(QUICK_RETRY_MS).toBe(1_000);
  });

  it('does not retry a timeout (it has waited 30 s), a refusal, a result error or a stray error', () => {
    for (const error of [
      failure('TIMEOUT_ERROR'),
      failure('CLIENT_ERROR', 400),
      failure('CLIENT_ERROR', 403),
      failure('CLIENT_ERROR', 404),
      failure('OK', 200),
      failure('CANCEL_ERROR'),
      new Error('bug'),
    ]) {
      expect(shouldRetry(0, error)).toBe(false);
    }
  });

  it('leaves refusals (4xx but 429, a truthy result, a cancel) to the person', () => {
    expect(isRefusal(failure('CLIENT_ERROR', 400))).toBe(true);
    expect(isRefusal(failure('CLIENT_ERROR', 401))).toBe(true);
    expect(isRefusal(failure('OK', 200))).toBe(true);
    expect(isRefusal(failure('CANCEL_ERROR'))).toBe(true);
    expect(isRefusal(failure('CLIENT_ERROR', 429))).toBe(false);
    expect(isRefusal(failure('SERVER_ERROR', 500))).toBe(false);
    expect(isRefusal(failure('TIMEOUT_ERROR'))).toBe(false);
    expect(isRefusal(new Error('bug'))).toBe(false);
  });
});

describe('background retries of the portal’s query client', () => {
  let client: QueryClient;
  let stops: (() => void)[];

  beforeEach(() => {
    vi.useFakeTimers();
    // No jitter: each wait is the longest the schedule allows.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    client = createQueryClient();
    stops = [];
  });

  afterEach(() => {
    for (const stop of stops) stop();
    client.clear();
    onlineManager.setOnline(true);
    focusManager.setFocused(undefined);
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** A query function answering from `answers` in turn (an error rejects), the last one forever. */
  function answering(answers: readonly (string | Error)[], delayMs = 0) {
    let calls = 0;
    const queryFn = vi.fn(
      () =>
        new Promise<string>((resolve, reject) => {
          const answer = answers[Math.min(calls, answers.length - 1)]!;
          calls += 1;
          const settle = () => (answer instanceof Error ? reject(answer) : resolve(answer));
          if (delayMs > 0) setTimeout(settle, delayMs);
          else settle();
        }),
    );
    return queryFn;
  }

  /**
   * A screen showing the query: an observer subscribed to it, reading the result as useQuery does
   * (once per batch of changes), each one kept in `seen`.
   */
  function show(queryFn: () => Promise<string>, key = 'list') {
    const observer = new QueryObserver(client, { queryKey: [key], queryFn });
    const seen: QueryObserverResult<string>[] = [];
    const stop = observer.subscribe(
      notifyManager.batchCalls(() => seen.push(observer.getCurrentResult())),
    );
    stops.push(stop);
    return { observer, seen, stop };
  }

  const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('shows a hung server as failed after its one 30 s attempt, without a retry first', async () => {
    const queryFn = answering([failure('TIMEOUT_ERROR')], 30_000);
    const { observer } = show(queryFn);
    await after(29_999);
    expect(observer.getCurrentResult().status).toBe('pending');
    await after(1);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('gives a 5xx one quick retry, then shows it as failed', async () => {
    const queryFn = answering([failure('SERVER_ERROR', 500)]);
    const { observer } = show(queryFn);
    await after(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await after(QUICK_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');
  });

  it('asks again by itself on the schedule until it succeeds, keeping the failed state meanwhile', async () => {
    const down = failure('SERVER_ERROR', 500);
    // Each answer takes 100 ms: a fetch is under way before anything has failed in it.
    const queryFn = answering([down, down, down, down, 'news'], 100);
    const { observer, seen } = show(queryFn);
    await after(100 + QUICK_RETRY_MS + 100);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');

    await after(FIRST_RETRY_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await after(1);
    expect(queryFn).toHaveBeenCalledTimes(3);
    // Under way, the query keeps its failure: every screen stays failed, none shows 'loading'.
    const retrying = observer.getCurrentResult();
    expect(retrying).toMatchObject({ status: 'error', fetchStatus: 'fetching', error: down });
    expect(failedWithoutData(retrying)).toBe(true);

    await after(100 + QUICK_RETRY_MS + 100);
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().status).toBe('error');
    // The next wait is twice the first.
    await after(2 * FIRST_RETRY_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await after(1 + 100);
    expect(queryFn).toHaveBeenCalledTimes(5);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'news' });
    // Never a 'loading' result between the first failure and the data.
    const firstFailure = seen.findIndex((result) => failedWithoutData(result));
    expect(
      seen.slice(firstFailure).every((result) => failedWithoutData(result) || result.data),
    ).toBe(true);

    await after(10 * MAX_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(5);
  });

  it('does not ask again once no screen shows the query', async () => {
    const queryFn = answering([failure('CONNECTION_ERROR')]);
    const { stop } = show(queryFn);
    await after(QUICK_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    stop();
    await after(10 * MAX_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('never asks again by itself after a refusal (4xx or a result error)', async () => {
    const refused = answering([failure('CLIENT_ERROR', 400)]);
    const resultError = answering([failure('OK', 200)]);
    const forbidden = answering([failure('CLIENT_ERROR', 403)]);
    show(refused, 'refused');
    show(resultError, 'result');
    show(forbidden, 'forbidden');
    await after(10 * MAX_RETRY_MS);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(resultError).toHaveBeenCalledTimes(1);
    expect(forbidden).toHaveBeenCalledTimes(1);
  });

  it('keeps one timer per query: a click on Повторить during the wait replaces it', async () => {
    // A timeout: one call per fetch, no quick retry.
    const queryFn = answering([failure('TIMEOUT_ERROR')]);
    const { observer } = show(queryFn);
    await after(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await after(5_000);
    void observer.refetch();
    await after(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    // The first wait (due 10 s after the first failure) was dropped when the click fetched.
    await after(10_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    // The click's failure waits the schedule's next step, 20 s.
    await after(10_000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await after(40_000 - 1);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await after(1);
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('waits while offline and asks at once when the browser is back online', async () => {
    const queryFn = answering([failure('CONNECTION_ERROR'), failure('CONNECTION_ERROR'), 'back']);
    const { observer } = show(queryFn);
    await after(QUICK_RETRY_MS);
    onlineManager.setOnline(false);
    await after(10 * MAX_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    onlineManager.setOnline(true);
    await after(0);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data).toBe('back');
  });

  it('waits while the tab is hidden and asks at once when it is visible again', async () => {
    const queryFn = answering([failure('SERVER_ERROR', 502), failure('SERVER_ERROR', 502), 'back']);
    const { observer } = show(queryFn);
    await after(QUICK_RETRY_MS);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await after(10 * MAX_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await after(0);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data).toBe('back');
  });

  it('leaves a polled query to its own interval', async () => {
    const queryFn = answering([failure('SERVER_ERROR', 500)]);
    const observer = new QueryObserver(client, {
      queryKey: ['polled'],
      queryFn,
      refetchInterval: 60_000,
    });
    stops.push(observer.subscribe(() => undefined));
    await after(QUICK_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await after(59_000);
    // Only the interval's fetch (with its quick retry) has asked again, not a 10 s background retry.
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
