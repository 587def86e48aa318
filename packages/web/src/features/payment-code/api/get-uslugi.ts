import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { paymentCodeKeys } from './payment-code-keys';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';

export type Usluga = components['schemas']['MiscUsluga'];

/** POST /api/misc/uslugi: the paid services a payment code can be requested for. */
export function getUslugiQueryOptions(client: LmsClient) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: paymentCodeKeys.uslugi(),
    queryFn: async (): Promise<Usluga[]> =>
      (await client.post('/api/misc/uslugi', { body: {} })) ?? [],
    staleTime: 60 * 60_000,
  });
}

export function useUslugi() {
  const client = useApiClient();
  return useQuery(getUslugiQueryOptions(client));
}
