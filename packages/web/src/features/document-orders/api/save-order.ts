import type { components } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import { documentOrdersKeys } from './document-orders-keys';
import { OrderNotConfirmedError } from '../utils/sent-order';
import type { Order } from './get-orders';

export type OrderSaveRequest = components['schemas']['SingleWindowOrderSaveRequest'];

/** POST singlewindow/order/save: the new order goes first in the list at once. */
export function useSaveOrder(uid: number) {
  return useConfirmedWrite('/api/singlewindow/order/save', {
    unconfirmed: () => new OrderNotConfirmedError('The server did not confirm the order'),
    onSuccess: (order, _body: OrderSaveRequest, queryClient) => {
      queryClient.setQueryData<Order[]>(documentOrdersKeys.list(uid), (list) =>
        list ? [order, ...list.filter((other) => other.id_order !== order.id_order)] : [order],
      );
      return queryClient.invalidateQueries({ queryKey: documentOrdersKeys.list(uid) });
    },
  });
}
