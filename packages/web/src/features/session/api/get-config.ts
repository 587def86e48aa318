import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { parsePortalConfig } from '../utils/portal-config';
import { sessionKeys } from './session-keys';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';

/** GET /config.json: fetched after a successful authentication or authorization. */
export function getConfigQueryOptions(client: LmsClient) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: sessionKeys.config(),
    queryFn: async () => parsePortalConfig(await client.get('/config.json')),
    staleTime: Infinity,
  });
}

export function useConfig({ enabled }: { enabled: boolean }) {
  const client = useApiClient();
  return useQuery({ ...getConfigQueryOptions(client), enabled });
}
