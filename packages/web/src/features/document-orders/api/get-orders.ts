import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { isInProgress } from '../utils/order-status';
import { documentOrdersKeys } from './document-orders-keys';

export type Order = components['schemas']['SingleWindowOrder'];

/** While an order is on its way, its status is asked again this often. */
export const ORDER_POLL_MS = 5_000;

/** POST singlewindow/order/list: the user's orders, newest first, as the server has them now. */
export async function fetchOrders(client: LmsClient, uid: number): Promise<Order[]> {
  return (await client.post('/api/singlewindow/order/list', { body: { uid } })) ?? [];
}

/**
 * The user's orders, newest first. While one is waiting or being prepared the list is asked
 * again every few seconds, so its badge follows without a reload.
 */
export function getOrdersQueryOptions(client: LmsClient, uid: number) {
  // The key names the user: `client` only carries the call.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: documentOrdersKeys.list(uid),
    queryFn: () => fetchOrders(client, uid),
    refetchInterval: (query) =>
      query.state.data?.some((order) => isInProgress(order.status)) ? ORDER_POLL_MS : false,
  });
}

export function useOrders(uid: number) {
  return useQuery(getOrdersQueryOptions(useApiClient(), uid));
}
