import { isLmsError } from '@lms/client';
import { QueryClient } from '@tanstack/react-query';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A rejected request (4xx) or a server-reported failure will not change on retry.
  if (isLmsError(error) && (error.problem === 'OK' || error.problem === 'CLIENT_ERROR')) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
