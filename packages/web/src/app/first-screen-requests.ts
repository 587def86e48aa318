import type { PhotoParams } from '../features/session/api/session-keys';
import { NEWS_FIRST_PAGE, type NewsReader } from '../features/news/api/news-keys';
import type { DefaultYearParams } from '../lib/reference-data/default-year';
import type { PortalUser } from '../lib/session/roles';
import { isMobile } from '../lib/ui-state/viewport';

/*
 * The first screen's requests, listed once: the first screen's prefetch (prefetch-first-screen.ts) makes them through the
 * queries the screens read, and a returning user's page asks them ahead (askFirstScreenAhead in
 * session-routes.tsx) before the prefetch's code has arrived. An answer asked ahead is taken
 * only by a call with the same method, path and body, so both read this list. It is part of the
 * login page's chunk: it imports a constant and types, never a query, a screen or the first screen's prefetch.
 */

/** A phone opens on its sections tab (the services), a desktop on the news with its columns. */
export type Layout = 'phone' | 'desktop';

export const currentLayout = (): Layout => (isMobile.value ? 'phone' : 'desktop');

/** Each of the first screen's reads, by the query that makes it. */
export type FirstScreenQuery =
  'news' | 'appLinks' | 'config' | 'defaultYear' | 'photo' | 'currentYear' | 'currentWs';

/** One request as the client sends it. */
export interface FirstScreenRequest {
  method: 'get' | 'post';
  path: string;
  body?: object;
}

export const newsReader = (user: PortalUser): NewsReader => ({
  id: user.id,
  uid: user.uid,
  role: user.role,
});

export const photoParams = (user: PortalUser): PhotoParams => ({ uid: user.uid, role: user.role });

export const defaultYearParams = (user: PortalUser): DefaultYearParams => ({ uid: user.uid });

const REQUESTS: Record<FirstScreenQuery, (user: PortalUser) => FirstScreenRequest> = {
  news: (user) => ({
    method: 'post',
    path: '/api/news/data.json',
    body: { ...newsReader(user), page: NEWS_FIRST_PAGE },
  }),
  appLinks: () => ({ method: 'post', path: '/api/misc/dinurls', body: {} }),
  config: () => ({ method: 'get', path: '/config.json' }),
  defaultYear: (user) => ({
    method: 'post',
    path: '/api/misc/defaultyear',
    body: defaultYearParams(user),
  }),
  photo: (user) => ({ method: 'post', path: '/api/misc/photo', body: photoParams(user) }),
  currentYear: () => ({ method: 'get', path: '/api/discipline/current/year.json' }),
  currentWs: () => ({ method: 'get', path: '/api/discipline/current/ws.json' }),
};

/**
 * What the first screen shows first, then the config and the default year; a desktop's first
 * screen also shows the photo, the university's services (the apps column) and the discipline
 * column (the academic context's year and semester half), which on a phone wait for the shell
 * rather than take the weak network from the services tab. A phone asks for the news last: its
 * main screen's next tab (the landing section's feed, whose code the login page fetched while the
 * person typed), which would otherwise cost a round trip more when the person opens it.
 */
const QUERIES: Record<Layout, readonly FirstScreenQuery[]> = {
  phone: ['appLinks', 'config', 'defaultYear', 'news'],
  desktop: ['news', 'config', 'defaultYear', 'photo', 'appLinks', 'currentYear', 'currentWs'],
};

export const firstScreenQueries = (layout: Layout): readonly FirstScreenQuery[] => QUERIES[layout];

/** The first screen's requests for `user` on `layout`, in the order they go out. */
export const firstScreenRequests = (user: PortalUser, layout: Layout): FirstScreenRequest[] =>
  QUERIES[layout].map((query) => REQUESTS[query](user));
