import { isLmsError } from '@lms/client';
import { onlineManager, QueryClient } from '@tanstack/react-query';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A rejected request (4xx) or a server-reported failure will not change on retry.
  if (isLmsError(error) && (error.problem === 'OK' || error.problem === 'CLIENT_ERROR')) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until the browser says otherwise; a page opened without a
  // network starts from the browser's answer, so its queries wait (paused) rather than fail.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
