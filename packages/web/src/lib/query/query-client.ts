import { isLmsError } from '@lms/client';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { installBackgroundRetry } from './background-retry';

/** The one quick retry of a read waits this long. */
export const QUICK_RETRY_MS = 1_000;

/**
 * A failure that may pass within a second: no connection, the server's own fault (5xx) or its
 * "too many requests" (429). A timeout has already waited 30 s, so it is not among them.
 */
function isQuickFailure(error: unknown): boolean {
  if (!isLmsError(error)) return false;
  switch (error.problem) {
    case 'CONNECTION_ERROR':
    case 'NETWORK_ERROR':
    case 'SERVER_ERROR':
      return true;
    case 'CLIENT_ERROR':
      return error.status === 429;
    default:
      return false;
  }
}

/**
 * A read makes one attempt, and one more after `QUICK_RETRY_MS` only for a quick failure, so the
 * failed state shows within about 31 s even of a server that never answers. A refusal (4xx, a
 * truthy `result`) is never retried; later attempts are the background retries'.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isQuickFailure(error);
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until the browser says otherwise; a page opened without a
  // network starts from the browser's answer, so its queries wait (paused) rather than fail.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: QUICK_RETRY_MS,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  // A failed query still on screen comes back by itself, for as long as the client lives.
  installBackgroundRetry(client);
  return client;
}
