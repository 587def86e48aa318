import type { LmsClient } from '@lms/client';
import { hashKey } from '@tanstack/react-query';
import { getDinUrlsQueryOptions } from '../features/apps/api/get-din-urls';
import { getNewsFeedQueryOptions } from '../features/news/api/get-news';
import { sessionUserQuery } from '../features/session/api/authenticate';
import { getConfigQueryOptions } from '../features/session/api/get-config';
import { getPhotoQueryOptions } from '../features/session/api/get-photo';
import type { LazyQueryClient } from '../lib/lazy-query-client';
import { getCurrentWsQueryOptions } from '../lib/reference-data/current-ws';
import { getCurrentYearQueryOptions } from '../lib/reference-data/current-year';
import { getDefaultYearQueryOptions } from '../lib/reference-data/default-year';
import { getStudentGroupsQueryOptions } from '../lib/reference-data/student-groups';
import { isStudent, type PortalUser } from '../lib/roles';
import { isMobile } from '../lib/viewport';

/**
 * The first screen's requests, started the moment the user is known rather than when the shell's
 * components mount: what the first screen shows first (a phone's services tab, a desktop's news
 * feed: a phone opens on the sections tab), then the config, the default year and, on a desktop,
 * the photo and the academic context's year, semester half and a student's groups land in the
 * cache the shell then reads. Each is the query its screen reads, so nothing is asked twice.
 * (Part of the way in, app/way-in.ts, loaded while the password is checked.)
 */
export async function warmStart(
  client: LmsClient,
  lazyCache: LazyQueryClient,
  user: PortalUser,
): Promise<void> {
  const cache = await lazyCache.load();
  const defaultYear = cache.fetchQuery(getDefaultYearQueryOptions(client, { uid: user.uid }));
  await Promise.allSettled([
    isMobile.value
      ? cache.prefetchQuery(getDinUrlsQueryOptions(client))
      : cache.prefetchInfiniteQuery(
          getNewsFeedQueryOptions(client, { id: user.id, uid: user.uid, role: user.role }),
        ),
    cache.prefetchQuery(getConfigQueryOptions(client)),
    // A desktop's first screen also shows the photo, the university's services (the apps column)
    // and the discipline column (the academic context's year, semester half and a student's
    // groups); a phone's shows none of it, and those requests wait for the shell rather than take
    // the weak network from the services tab.
    ...(isMobile.value
      ? []
      : [
          cache.prefetchQuery(getPhotoQueryOptions(client, { uid: user.uid, role: user.role })),
          cache.prefetchQuery(getDinUrlsQueryOptions(client)),
          cache.prefetchQuery(getCurrentYearQueryOptions(client)),
          cache.prefetchQuery(getCurrentWsQueryOptions(client)),
          defaultYear.then((year) =>
            year && isStudent(user)
              ? cache.prefetchQuery(
                  getStudentGroupsQueryOptions(client, {
                    id_a_year: year.id_a_year,
                    id_student: user.id,
                  }),
                )
              : undefined,
          ),
        ]),
  ]);
}

/**
 * A returning user's warm start (a `token` cookie, the server still to confirm it): the requests
 * go out beside the token's check, for the person this device signed in last (`expected`), rather
 * than one round trip after it; the server checks the token on each of them as on any request.
 * If the check names someone else, or no one, what was asked for the expected person is dropped
 * (never shown, never kept offline) and the confirmed person's requests go out then.
 */
export async function warmStartReturning(
  client: LmsClient,
  lazyCache: LazyQueryClient,
  expected: PortalUser | null,
  confirmed: Promise<PortalUser | null>,
): Promise<void> {
  const early = expected ? warmStart(client, lazyCache, expected) : Promise.resolve();
  const user = await confirmed;
  if (user && expected && user.uid === expected.uid) return early;
  if (expected) {
    const cache = await lazyCache.load();
    const session = hashKey(sessionUserQuery.queryKey);
    cache.removeQueries({ predicate: (query) => query.queryHash !== session });
  }
  if (user) await warmStart(client, lazyCache, user);
}
