import type { components, LmsClient } from '@lms/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { isInProgress } from '../utils/order-status';
import { ordersKeys } from './orders-keys';

export type Order = components['schemas']['SingleWindowOrder'];
export type OrderSaveRequest = components['schemas']['SingleWindowOrderSaveRequest'];

/** While an order is on its way, its status is asked again this often. */
export const ORDER_POLL_MS = 5_000;

/**
 * POST singlewindow/order/list: the user's orders, newest first. While one is waiting or being
 * prepared the list is asked again every few seconds, so its badge follows without a reload.
 */
export function getOrdersQueryOptions(client: LmsClient, uid: number) {
  return queryOptions({
    queryKey: ordersKeys.list(uid),
    queryFn: async (): Promise<Order[]> =>
      (await client.post('/api/singlewindow/order/list', { body: { uid } })) ?? [],
    refetchInterval: (query) =>
      query.state.data?.some((order) => isInProgress(order.status)) ? ORDER_POLL_MS : false,
  });
}

export function useOrders(uid: number) {
  return useQuery(getOrdersQueryOptions(useApiClient(), uid));
}

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
      queryClient.setQueryData<Order[]>(ordersKeys.list(uid), (list) =>
        list ? [order, ...list.filter((other) => other.id_order !== order.id_order)] : [order],
      );
      return queryClient.invalidateQueries({ queryKey: ordersKeys.list(uid) });
    },
  });
}

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
      queryClient.setQueryData<Order[]>(ordersKeys.list(uid), (list) =>
        list?.map((other) => (other.id_order === order.id_order ? order : other)),
      );
    },
    // Refused because the order moved on: the list shows where it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: ordersKeys.list(uid) }),
  });
}
