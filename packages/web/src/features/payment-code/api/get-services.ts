import type { components } from '@lms/client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { postRead } from '../../../lib/query/post-read';
import { paymentCodeKeys } from './payment-code-keys';

export type PaidService = components['schemas']['MiscUsluga'];

/**
 * POST /api/misc/uslugi: the paid services a payment code can be requested for.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getServicesQueryOptions, useServices] = postRead(
  '/api/misc/uslugi',
  [] as PaidService[],
  {
    ...KEPT_OFFLINE,
    body: () => ({}),
    key: () => paymentCodeKeys.services(),
    staleTime: 60 * 60_000,
  },
);
