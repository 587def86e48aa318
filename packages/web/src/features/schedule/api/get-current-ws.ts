import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { scheduleKeys } from './schedule-keys';

export type SemesterHalf = components['schemas']['SemesterHalf'];

/** GET /api/discipline/current/ws.json: semester halves, the current one first (section 4). */
export function getCurrentWsQueryOptions(client: LmsClient) {
  return queryOptions({
    queryKey: scheduleKeys.currentWs(),
    queryFn: async (): Promise<SemesterHalf[]> =>
      (await client.get('/api/discipline/current/ws.json')) ?? [],
    staleTime: 10 * 60_000,
  });
}

export function useCurrentWs() {
  const client = useApiClient();
  return useQuery(getCurrentWsQueryOptions(client));
}
