import type { LmsClient } from '@lms/client';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router';
import { App } from '../../src/app/app';
import { PortalRoutes } from '../../src/app/routes';
import { lazyQueryClient, type LazyQueryClient } from '../../src/lib/query/lazy-query-client';

/** Each test gets its own cache and no retries (TanStack Query testing guide). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** A test's view of the memory router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: To): Promise<void>;
}

/** A memory router starting at `path`, with a handle that reads and drives it from the test. */
export function createTestRouter(path: string) {
  let location: Location | undefined;
  let navigate: ((to: To) => void | Promise<void>) | undefined;
  function Probe() {
    location = useLocation();
    const go = useNavigate();
    navigate = go;
    return null;
  }
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('The router has not rendered yet');
      return { location };
    },
    async navigate(to) {
      if (!navigate) throw new Error('The router has not rendered yet');
      const go = navigate;
      await act(async () => {
        await go(to);
      });
    },
  };
  const wrap = (children: ReactNode) => (
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <Probe />
      {children}
    </MemoryRouter>
  );
  return { router, wrap };
}

export interface RenderAppOptions {
  client: LmsClient;
  path?: string;
  /** A ready cache, or a lazily loaded one (as the app has). */
  queryClient?: QueryClient | LazyQueryClient;
  /** Render in React's StrictMode, as the dev server does. */
  strict?: boolean;
}

/** The whole portal (routes, session guards, providers) in memory, starting at `path`. */
export async function renderApp({
  client,
  path = '/lms',
  queryClient,
  strict = false,
}: RenderAppOptions) {
  const lazy = queryClient instanceof QueryClient ? undefined : queryClient;
  const cache = queryClient instanceof QueryClient ? queryClient : createTestQueryClient();
  // The app loads its cache with the shell; a test hands over its own (or its lazy one).
  const lazyCache = lazy ?? lazyQueryClient(() => Promise.resolve(cache));
  const { router, wrap } = createTestRouter(path);
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <App queryClient={lazyCache} client={client}>
        {wrap(<PortalRoutes />)}
      </App>,
      { reactStrictMode: strict },
    );
  });
  return { ...view, router, queryClient: cache };
}
