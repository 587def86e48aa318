import { useConfirmedWrite } from '../../../lib/query/post-write';
import { documentOrdersKeys } from './document-orders-keys';
import type { Order } from './get-orders';

/** POST singlewindow/order/cancel: the order as the server now has it replaces the listed one. */
export function useCancelOrder(uid: number) {
  return useConfirmedWrite('/api/singlewindow/order/cancel', {
    body: (id_order: number) => ({ id_order, uid }),
    unconfirmed: () => new Error('The server did not confirm the cancellation'),
    onSuccess: (order, _id, queryClient) => {
      queryClient.setQueryData<Order[]>(documentOrdersKeys.list(uid), (list) =>
        list?.map((other) => (other.id_order === order.id_order ? order : other)),
      );
    },
    // Refused because the order moved on: the list shows where it is now.
    onError: (queryClient) =>
      queryClient.invalidateQueries({ queryKey: documentOrdersKeys.list(uid) }),
  });
}
