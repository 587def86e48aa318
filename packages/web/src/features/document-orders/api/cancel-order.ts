import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { documentOrdersKeys } from './document-orders-keys';
import type { Order } from './get-orders';

/** POST singlewindow/order/cancel: the order as the server now has it replaces the listed one. */
export function useCancelOrder(uid: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id_order: number) => {
      const order = await client.post('/api/singlewindow/order/cancel', {
        body: { id_order, uid },
      });
      if (!order) throw new Error('The server did not confirm the cancellation');
      return order;
    },
    onSuccess: (order) => {
      queryClient.setQueryData<Order[]>(documentOrdersKeys.list(uid), (list) =>
        list?.map((other) => (other.id_order === order.id_order ? order : other)),
      );
    },
    // Refused because the order moved on: the list shows where it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: documentOrdersKeys.list(uid) }),
  });
}
