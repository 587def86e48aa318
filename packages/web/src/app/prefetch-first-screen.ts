import type { LmsClient } from '@lms/client';
import { hashKey } from '@tanstack/react-query';
import { getAppLinksQueryOptions } from '../features/apps/api/get-app-links';
import { getNewsFeedQueryOptions } from '../features/news/api/get-news';
import { sessionUserQuery } from '../features/session/api/authenticate';
import { getConfigQueryOptions } from '../features/session/api/get-config';
import { getPhotoQueryOptions } from '../features/session/api/get-photo';
import { studentGroupsParams } from '../lib/academic-context/student-groups-params';
import type { LazyQueryClient } from '../lib/query/lazy-query-client';
import { getCurrentWsQueryOptions } from '../lib/reference-data/current-ws';
import { getCurrentYearQueryOptions } from '../lib/reference-data/current-year';
import { getDefaultYearQueryOptions } from '../lib/reference-data/default-year';
import { getStudentGroupsQueryOptions } from '../lib/reference-data/student-groups';
import type { PortalUser } from '../lib/session/roles';
import {
  currentLayout,
  defaultYearParams,
  firstScreenQueries,
  newsReader,
  photoParams,
  type FirstScreenQuery,
} from './first-screen-requests';

/**
 * The first screen's requests (first-screen-requests.ts), started the moment the user is known
 * rather than when the shell's components mount: each is the query its screen reads, so nothing is
 * asked twice, and they land in the cache the shell then reads. On a desktop a student's groups
 * (the discipline column) follow the default year. (Part of the shell chunk, app/shell-chunk.ts, loaded
 * while the password is checked.)
 */
export async function prefetchFirstScreen(
  client: LmsClient,
  lazyCache: LazyQueryClient,
  user: PortalUser,
): Promise<void> {
  const cache = await lazyCache.load();
  const layout = currentLayout();
  // The default year goes out first: a desktop's student's groups wait for its answer.
  const defaultYear = cache.fetchQuery(getDefaultYearQueryOptions(client, defaultYearParams(user)));
  // A phone's first screen waits for nothing that needs it: a failure stays in its query (the
  // shell reads it) and is never an unhandled rejection.
  defaultYear.catch(() => undefined);
  const start: Record<FirstScreenQuery, () => Promise<unknown> | undefined> = {
    news: () => cache.prefetchInfiniteQuery(getNewsFeedQueryOptions(client, newsReader(user))),
    appLinks: () => cache.prefetchQuery(getAppLinksQueryOptions(client)),
    config: () => cache.prefetchQuery(getConfigQueryOptions(client)),
    defaultYear: () =>
      layout === 'desktop'
        ? defaultYear.then((year) => {
            const groups = studentGroupsParams(user, year);
            return groups
              ? cache.prefetchQuery(getStudentGroupsQueryOptions(client, groups))
              : undefined;
          })
        : undefined,
    photo: () => cache.prefetchQuery(getPhotoQueryOptions(client, photoParams(user))),
    currentYear: () => cache.prefetchQuery(getCurrentYearQueryOptions(client)),
    currentWs: () => cache.prefetchQuery(getCurrentWsQueryOptions(client)),
  };
  await Promise.allSettled(firstScreenQueries(layout).map((query) => start[query]()));
}

/**
 * A returning user's prefetch (a `token` cookie, the server still to confirm it): the requests
 * go out beside the token's check, for the person this device signed in last (`expected`), rather
 * than one round trip after it; the server checks the token on each of them as on any request.
 * If the check names someone else, or no one, what was asked for the expected person is dropped
 * (never shown, never kept offline) and the confirmed person's requests go out then.
 */
export async function prefetchFirstScreenReturning(
  client: LmsClient,
  lazyCache: LazyQueryClient,
  expected: PortalUser | null,
  confirmed: Promise<PortalUser | null>,
): Promise<void> {
  const early = expected ? prefetchFirstScreen(client, lazyCache, expected) : Promise.resolve();
  const user = await confirmed;
  if (user && expected && user.uid === expected.uid) return early;
  if (expected) {
    const cache = await lazyCache.load();
    const session = hashKey(sessionUserQuery.queryKey);
    cache.removeQueries({ predicate: (query) => query.queryHash !== session });
  }
  if (user) await prefetchFirstScreen(client, lazyCache, user);
}
