import type { components } from '@lms/client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { postRead } from '../../../lib/query/post-read';
import { paymentCodeKeys, type PaymentCodeRequest } from './payment-code-keys';

export type PaymentCode = components['schemas']['MiscPaymentCode'];

/**
 * POST /api/misc/paymentcode: the code (`account`) for one student, group, year and service.
 * A lookup, not a write: the same request always names the same code, so it is cached per
 * request and fetched as soon as all three pickers have a value (`null` until then). A backend
 * with no code for the request answers without data; the screen says so.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getPaymentCodeQueryOptions, usePaymentCode] = postRead(
  '/api/misc/paymentcode',
  null as PaymentCode | null,
  {
    ...KEPT_OFFLINE,
    key: (params: PaymentCodeRequest | null) =>
      paymentCodeKeys.code(params ?? { id_year: -1, id_group: -1, id_student: -1, id_uslug: -1 }),
    staleTime: 10 * 60_000,
  },
);
