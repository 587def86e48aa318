import type { components } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { documentOrdersKeys } from './document-orders-keys';
import type { Order } from './get-orders';

export type OrderSaveRequest = components['schemas']['SingleWindowOrderSaveRequest'];

/** POST singlewindow/order/save: the new order goes first in the list at once. */
export function useSaveOrder(uid: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderSaveRequest) => {
      const order = await client.post('/api/singlewindow/order/save', { body });
      if (!order) throw new Error('The server did not confirm the order');
      return order;
    },
    onSuccess: (order) => {
      queryClient.setQueryData<Order[]>(documentOrdersKeys.list(uid), (list) =>
        list ? [order, ...list.filter((other) => other.id_order !== order.id_order)] : [order],
      );
      return queryClient.invalidateQueries({ queryKey: documentOrdersKeys.list(uid) });
    },
  });
}
