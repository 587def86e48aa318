import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { paymentCodeKeys } from './payment-code-keys';

export type AcademicYear = components['schemas']['AcademicYear'];

/** POST /api/misc/years: the academic years, newest first. */
export function getYearsQueryOptions(client: LmsClient) {
  return queryOptions({
    queryKey: paymentCodeKeys.years(),
    queryFn: async (): Promise<AcademicYear[]> =>
      (await client.post('/api/misc/years', { body: {} })) ?? [],
    // Reference data: a new academic year does not appear while the page is open.
    staleTime: 60 * 60_000,
  });
}

export function useYears() {
  const client = useApiClient();
  return useQuery(getYearsQueryOptions(client));
}
