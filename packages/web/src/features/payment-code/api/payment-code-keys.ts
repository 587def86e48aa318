/** Hierarchical query keys of the payment-code screen: everything under ['payment-code']. */
export const paymentCodeKeys = {
  all: ['payment-code'] as const,
  uslugi: () => [...paymentCodeKeys.all, 'uslugi'] as const,
  code: (params: { id_year: number; id_group: number; id_student: number; id_uslug: number }) =>
    [...paymentCodeKeys.all, 'code', params] as const,
};
