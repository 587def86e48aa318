import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { sessionKeys } from './session-keys';

export type AcademicYear = components['schemas']['AcademicYear'];

/** POST /api/misc/defaultyear, once after the user loads (section 4). */
export function getDefaultYearQueryOptions(client: LmsClient, params: { uid: number }) {
  return queryOptions({
    queryKey: sessionKeys.defaultYear(params),
    queryFn: () => client.post('/api/misc/defaultyear', { body: params }),
    staleTime: Infinity,
  });
}

export function useDefaultYear(params: { uid: number } | null) {
  const client = useApiClient();
  return useQuery({
    ...getDefaultYearQueryOptions(client, params ?? { uid: 0 }),
    enabled: params !== null,
  });
}
