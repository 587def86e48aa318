import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';
import { paymentCodeKeys, type PaymentCodeRequest } from './payment-code-keys';

export type PaymentCode = components['schemas']['MiscPaymentCode'];

/**
 * POST /api/misc/paymentcode: the code (`account`) for one student, group, year and service.
 * A lookup, not a write: the same request always names the same code, so it is cached per
 * request and fetched as soon as all three pickers have a value (`null` until then).
 */
export function getPaymentCodeQueryOptions(client: LmsClient, params: PaymentCodeRequest | null) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: paymentCodeKeys.code(
      params ?? { id_year: -1, id_group: -1, id_student: -1, id_uslug: -1 },
    ),
    // A backend with no code for the request answers without data; the screen says so.
    queryFn: params
      ? async (): Promise<PaymentCode | null> =>
          (await client.post('/api/misc/paymentcode', { body: params })) ?? null
      : skipToken,
    staleTime: 10 * 60_000,
  });
}

export function usePaymentCode(params: PaymentCodeRequest | null) {
  const client = useApiClient();
  return useQuery(getPaymentCodeQueryOptions(client, params));
}
