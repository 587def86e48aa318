import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { AcademicYear } from './get-years';
import { paymentCodeKeys } from './payment-code-keys';

/** POST /api/misc/defaultyear: the current academic year, which the year picker starts on. */
export function getDefaultYearQueryOptions(client: LmsClient, params: { uid: number }) {
  return queryOptions({
    queryKey: paymentCodeKeys.defaultYear(params),
    queryFn: async (): Promise<AcademicYear | null> =>
      (await client.post('/api/misc/defaultyear', { body: params })) ?? null,
    staleTime: Infinity,
  });
}

export function useDefaultYear(params: { uid: number }) {
  const client = useApiClient();
  return useQuery(getDefaultYearQueryOptions(client, params));
}
