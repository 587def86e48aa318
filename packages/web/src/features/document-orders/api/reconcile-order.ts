import type { LmsClient } from '@lms/client';
import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import {
  findSentOrder,
  orderBaseline,
  type OrderBaseline,
  type OrderReconciled,
  type UnconfirmedOrder,
} from '../utils/sent-order';
import { documentOrdersKeys } from './document-orders-keys';
import { fetchOrders, type Order } from './get-orders';

/**
 * The list a send is compared with afterwards: the one the screen shows, else read now; null
 * when it cannot be read (the send still goes).
 */
export async function readOrderBaseline(
  queryClient: QueryClient,
  client: LmsClient,
  uid: number,
): Promise<OrderBaseline | null> {
  const shown = queryClient.getQueryData<Order[]>(documentOrdersKeys.list(uid));
  if (shown) return orderBaseline(shown);
  try {
    const list = await fetchOrders(client, uid);
    queryClient.setQueryData(documentOrdersKeys.list(uid), list);
    return orderBaseline(list);
  } catch {
    return null;
  }
}

/**
 * Whether a send whose outcome is unknown is stored: the user's orders read afresh (and shown, so
 * the list holds what was decided from), then looked through. Rejects with the read's error when
 * the list cannot be read.
 */
export async function reconcileOrder(
  queryClient: QueryClient,
  client: LmsClient,
  uid: number,
  unconfirmed: UnconfirmedOrder,
): Promise<OrderReconciled> {
  const list = await fetchOrders(client, uid);
  // A refresh asked before this read must not put the older list back over it.
  await queryClient.cancelQueries({ queryKey: documentOrdersKeys.list(uid), exact: true });
  queryClient.setQueryData(documentOrdersKeys.list(uid), list);
  return findSentOrder(list, unconfirmed);
}

/** The list a send begins with, read with the portal's client and cache. */
export function useOrderBaseline(uid: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(() => readOrderBaseline(queryClient, client, uid), [queryClient, client, uid]);
}

/** Reads the list to learn an unknown outcome; pending while it reads, failed when it cannot. */
export function useReconcileOrder(uid: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unconfirmed: UnconfirmedOrder) =>
      reconcileOrder(queryClient, client, uid, unconfirmed),
  });
}

/**
 * Calls `found` when the user's list, as the screen reads it (its own refreshes), comes to show an
 * unconfirmed send stored: a send given up on that the server stored late still counts as sent.
 */
export function useOrderAppears(
  uid: number,
  unconfirmed: UnconfirmedOrder | undefined,
  found: (order: Order) => void,
) {
  const queryClient = useQueryClient();
  const onFound = useEffectEvent(found);
  useEffect(() => {
    if (!unconfirmed) return;
    const hash = hashKey(documentOrdersKeys.list(uid));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      const list = event.query.state.data as Order[] | undefined;
      const outcome = list ? findSentOrder(list, unconfirmed) : undefined;
      if (outcome?.state === 'delivered') onFound(outcome.order);
    });
  }, [queryClient, uid, unconfirmed]);
}
