import type { LmsClient } from '@lms/client';
import { useLayoutEffect, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ApiClientProvider } from '../lib/query/api-client';
import { LazyQueryClientProvider, type LazyQueryClient } from '../lib/query/lazy-query-client';
import { useUiStateSync } from '../lib/ui-state/ui-sync';
import { dropBootLogin } from '../features/session/utils/boot-login';

export interface AppProps {
  /** TanStack Query's cache, loaded with the shell (see lazy-query-client.tsx). */
  queryClient: LazyQueryClient;
  client: LmsClient;
  /** The router with the portal's routes: the browser's in the app, a memory router in tests. */
  children: ReactNode;
}

/**
 * The providers every screen needs, around the router. The first page shown replaces index.html's
 * boot screen: the login page takes its form over (boot-login.ts), any other page drops it (its
 * effects run after the page's own, in the same commit).
 */
export function App({ queryClient, client, children }: AppProps) {
  useUiStateSync();
  useLayoutEffect(() => dropBootLogin(), []);
  return (
    <ErrorBoundary>
      <ApiClientProvider client={client}>
        <LazyQueryClientProvider queryClient={queryClient}>{children}</LazyQueryClientProvider>
      </ApiClientProvider>
    </ErrorBoundary>
  );
}
