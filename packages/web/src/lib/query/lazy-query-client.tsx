import type { QueryClient } from '@tanstack/react-query';
import { createContext, use, type ReactNode } from 'react';

/**
 * The portal's TanStack Query cache, loaded with the shell rather than with the login screen: the
 * login page and the session guards talk to the API client directly, so /lms/login does not download
 * TanStack Query (the size budget). Until `load()` has resolved, `current` is undefined, and then
 * nothing can be cached yet.
 */
export interface LazyQueryClient {
  readonly current: QueryClient | undefined;
  load(): Promise<QueryClient>;
}

/** Wraps a loader (a dynamic import in the app, a ready client in tests); it runs once. */
export function lazyQueryClient(load: () => Promise<QueryClient>): LazyQueryClient {
  let current: QueryClient | undefined;
  let pending: Promise<QueryClient> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      pending ??= load().then(
        (client) => (current = client),
        (error: unknown) => {
          // A failed chunk may load on the next attempt.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

const LazyQueryClientContext = createContext<LazyQueryClient | null>(null);

export interface LazyQueryClientProviderProps {
  queryClient: LazyQueryClient;
  children: ReactNode;
}

export function LazyQueryClientProvider({ queryClient, children }: LazyQueryClientProviderProps) {
  return <LazyQueryClientContext value={queryClient}>{children}</LazyQueryClientContext>;
}

export function useLazyQueryClient(): LazyQueryClient {
  const queryClient = use(LazyQueryClientContext);
  if (!queryClient) throw new Error('useLazyQueryClient needs a <LazyQueryClientProvider>');
  return queryClient;
}
