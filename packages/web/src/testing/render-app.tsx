import type { LmsClient } from '@lms/client';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createRoutes } from '../app/routes';
import { lazyQueryClient } from '../lib/lazy-query-client';

/** Each test gets its own cache and no retries (TanStack Query testing guide). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface RenderAppOptions {
  client: LmsClient;
  path?: string;
  queryClient?: QueryClient;
}

/** The whole portal (routes, loaders, providers) in memory, starting at `path`. */
export function renderApp({ client, path = '/lms', queryClient }: RenderAppOptions) {
  const cache = queryClient ?? createTestQueryClient();
  // The app loads its cache with the shell; a test hands over its own.
  const lazyCache = lazyQueryClient(() => Promise.resolve(cache));
  const router = createMemoryRouter(createRoutes({ queryClient: lazyCache, client }), {
    initialEntries: [path],
  });
  const view = render(<App router={router} queryClient={lazyCache} client={client} />);
  return { ...view, router, queryClient: cache };
}
