import type { LmsClient } from '@lms/client';
// The core RouterProvider, not react-router/dom's: the portal never asks for flushSync, and under
// Vitest the /dom entry loads as a second module instance whose <Outlet> context is empty.
import { RouterProvider, type DataRouter } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ApiClientProvider } from '../lib/api-client';
import { LazyQueryClientProvider, type LazyQueryClient } from '../lib/lazy-query-client';
import { useUiStateSync } from '../lib/ui-state';

export interface AppProps {
  router: DataRouter;
  /** TanStack Query's cache, loaded with the shell (see lazy-query-client.tsx). */
  queryClient: LazyQueryClient;
  client: LmsClient;
}

/** The providers every screen needs, around the router. */
export function App({ router, queryClient, client }: AppProps) {
  useUiStateSync();
  return (
    <ErrorBoundary>
      <ApiClientProvider client={client}>
        <LazyQueryClientProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </LazyQueryClientProvider>
      </ApiClientProvider>
    </ErrorBoundary>
  );
}
