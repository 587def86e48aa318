import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { scheduleKeys } from './schedule-keys';

export type AcademicYear = components['schemas']['AcademicYear'];

/**
 * GET /api/discipline/current/year.json: academic years, the current one first. The contract names
 * it as the year of the discipline, chat and schedule calls (misc/defaultyear gives the same year
 * but is asked for once by the shell for groups).
 */
export function getCurrentYearQueryOptions(client: LmsClient) {
  return queryOptions({
    queryKey: scheduleKeys.currentYear(),
    queryFn: async (): Promise<AcademicYear[]> =>
      (await client.get('/api/discipline/current/year.json')) ?? [],
    staleTime: 10 * 60_000,
  });
}

export function useCurrentYear() {
  const client = useApiClient();
  return useQuery(getCurrentYearQueryOptions(client));
}
