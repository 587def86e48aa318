import type { LmsClient } from '@lms/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
// The core RouterProvider, not react-router/dom's: the portal never asks for flushSync, and under
// Vitest the /dom entry loads as a second module instance whose <Outlet> context is empty.
import { RouterProvider, type DataRouter } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ApiClientProvider } from '../lib/api-client';
import { useUiStateSync } from '../lib/ui-state';

export interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
  client: LmsClient;
}

/** The providers every screen needs, around the router. */
export function App({ router, queryClient, client }: AppProps) {
  useUiStateSync();
  return (
    <ErrorBoundary>
      <ApiClientProvider client={client}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiClientProvider>
    </ErrorBoundary>
  );
}
