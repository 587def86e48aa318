import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { newsKeys } from './news-keys';

/** POST /api/misc/registered-faculty-list: the faculties a news item can be addressed to. */
export function getFacultiesQueryOptions(client: LmsClient, params: { id: number }) {
  return queryOptions({
    queryKey: newsKeys.faculties(params),
    queryFn: async ({ signal }) =>
      (await client.post('/api/misc/registered-faculty-list', { body: params, signal })) ?? [],
    staleTime: 10 * 60_000,
  });
}

export function useFaculties(params: { id: number }) {
  const client = useApiClient();
  return useQuery(getFacultiesQueryOptions(client, params));
}
