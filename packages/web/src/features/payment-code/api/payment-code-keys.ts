import type { components } from '@lms/client';

/** One student, group, year and service: the code they name is always the same. */
export type PaymentCodeRequest = components['schemas']['MiscPaymentCodeRequest'];

/** Hierarchical query keys of the payment-code screen: everything under ['payment-code']. */
export const paymentCodeKeys = {
  all: ['payment-code'] as const,
  services: () => [...paymentCodeKeys.all, 'uslugi'] as const,
  code: (params: PaymentCodeRequest) => [...paymentCodeKeys.all, 'code', params] as const,
};
