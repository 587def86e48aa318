import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { isWebUrl } from '../utils/web-url';
import { appsKeys } from './apps-keys';

export type AppLink = components['schemas']['MiscDinUrl'];

/**
 * A link that is not an http(s) address (a `javascript:` one, say) is left out rather than put
 * in front of the user.
 */
function keepWebLinks(links: readonly AppLink[] | undefined): AppLink[] {
  return (links ?? []).filter((link) => isWebUrl(link.url));
}

/** POST /api/misc/dinurls: the apps page's links, in display order. */
export function getAppLinksQueryOptions(client: LmsClient) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: appsKeys.appLinks(),
    queryFn: async () => keepWebLinks(await client.post('/api/misc/dinurls', { body: {} })),
    // The shell's apps column and the apps page share this list; it changes rarely.
    staleTime: 10 * 60_000,
  });
}

export function useAppLinks() {
  const client = useApiClient();
  return useQuery(getAppLinksQueryOptions(client));
}
