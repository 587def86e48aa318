import type { LmsClient } from '@lms/client';
import { getDinUrlsQueryOptions } from '../features/apps/api/get-din-urls';
import { getNewsFeedQueryOptions } from '../features/news/api/get-news';
import { getConfigQueryOptions } from '../features/session/api/get-config';
import { getPhotoQueryOptions } from '../features/session/api/get-photo';
import type { LazyQueryClient } from '../lib/lazy-query-client';
import { getDefaultYearQueryOptions } from '../lib/reference-data/default-year';
import type { PortalUser } from '../lib/roles';
import { isMobile } from '../lib/viewport';

/**
 * The first screen's requests, started the moment a login succeeds rather than when the shell's
 * components mount: the config, the photo, the default year, the services' links and the news
 * feed's first page land
 * in the cache the shell then reads (the news only on a desktop: a phone opens on the sections
 * tab). (Part of the way in, app/way-in.ts, loaded while the password is checked.)
 */
export async function warmStart(
  client: LmsClient,
  lazyCache: LazyQueryClient,
  user: PortalUser,
): Promise<void> {
  const cache = await lazyCache.load();
  await Promise.allSettled([
    cache.prefetchQuery(getConfigQueryOptions(client)),
    cache.prefetchQuery(getPhotoQueryOptions(client, { uid: user.uid, role: user.role })),
    cache.prefetchQuery(getDefaultYearQueryOptions(client, { uid: user.uid })),
    // the university's services: the apps column on a desktop, the first tab on a phone
    cache.prefetchQuery(getDinUrlsQueryOptions(client)),
    isMobile.value
      ? undefined
      : cache.prefetchInfiniteQuery(
          getNewsFeedQueryOptions(client, { id: user.id, uid: user.uid, role: user.role }),
        ),
  ]);
}
