import { isLmsError, type components } from '@lms/client';
import { outcomeUnknown } from '../../../lib/offline/outbox/outbox-failure';

type Order = components['schemas']['SingleWindowOrder'];

/** What a send asked for, as the order list shows it back: the comment trimmed, '' for none. */
export interface SentOrder {
  id_doc: number;
  id_region: number;
  id_district: number;
  count: number;
  comment: string;
}

/** The order list as it was when a send began: its orders' ids and the newest one's `created`. */
export interface OrderBaseline {
  ids: number[];
  newest: string | null;
}

/**
 * A send whose outcome the portal does not know yet, kept with the draft until it does: what was
 * sent and the list from before it (null: the list could not be read then).
 */
export interface UnconfirmedOrder {
  sent: SentOrder;
  before: OrderBaseline | null;
  /**
   * The list was read after the send and did not hold it. The server may still store it (a
   * request given up on can arrive late), so a later send looks again first.
   */
  looked?: boolean;
}

/** The server answered the save without the order, so whether it stored one is not known. */
export class OrderNotConfirmedError extends Error {
  override readonly name = 'OrderNotConfirmedError';
}

/**
 * True when a failed send may still have been stored, so the list is read before the order can
 * be sent again: the outbox's rule (its answer lost, or the server failed, possibly after
 * storing it), an answer that came without the order, and a failed connection too: a browser
 * reports a connection dropped after the request left as it reports one refused. A 4xx or an
 * error envelope says it was not stored, and only the person cancels a send.
 */
export function sendOutcomeUnknown(error: unknown): boolean {
  return (
    error instanceof OrderNotConfirmedError ||
    outcomeUnknown(error) ||
    (isLmsError(error) && error.problem === 'CONNECTION_ERROR')
  );
}

const timeOf = (created: string) => Date.parse(created);

/** The list's ids and its newest `created`, to tell later which orders came after it. */
export function orderBaseline(list: readonly Pick<Order, 'id_order' | 'created'>[]): OrderBaseline {
  let newest: string | null = null;
  for (const order of list) {
    if (newest === null || timeOf(order.created) > timeOf(newest)) newest = order.created;
  }
  return { ids: list.map((order) => order.id_order), newest };
}

/** The order carries what was sent: the same document, place, copies and comment. */
export function isSameOrder(order: Order, sent: SentOrder): boolean {
  return (
    order.id_doc === sent.id_doc &&
    order.id_region === sent.id_region &&
    order.id_district === sent.id_district &&
    order.count === sent.count &&
    (order.comment ?? '').trim() === sent.comment
  );
}

/**
 * What the list says of an unconfirmed send, in the outbox's words ('delivered', 'missing'), or
 * 'undecided' when it cannot say.
 */
export type OrderReconciled =
  { state: 'delivered'; order: Order } | { state: 'missing' } | { state: 'undecided' };

/**
 * Whether the list shows an unconfirmed send as stored. Ours is an order with what was sent that
 * the list from before the send did not hold and that is not older than its newest order (the
 * server's own clock: the portal's may differ). Without that earlier list an order like it cannot
 * be told from one sent before: 'undecided', for the person to look.
 */
export function findSentOrder(
  list: readonly Order[],
  { sent, before }: UnconfirmedOrder,
): OrderReconciled {
  const alike = list.filter((order) => isSameOrder(order, sent));
  if (alike.length === 0) return { state: 'missing' };
  if (!before) return { state: 'undecided' };
  // An empty earlier list (or an unreadable date) leaves the ids alone to tell.
  const since = before.newest === null ? Number.NEGATIVE_INFINITY : timeOf(before.newest);
  const order = alike.find(
    (candidate) => !before.ids.includes(candidate.id_order) && !(timeOf(candidate.created) < since),
  );
  return order ? { state: 'delivered', order } : { state: 'missing' };
}

/** The draft's choices are still the ones that were sent (nothing changed since). */
export function sameChoices(
  draft: Pick<SentOrder, 'id_doc' | 'id_region' | 'id_district' | 'count'> & { comment: string },
  sent: SentOrder,
): boolean {
  return (
    draft.id_doc === sent.id_doc &&
    draft.id_region === sent.id_region &&
    draft.id_district === sent.id_district &&
    draft.count === sent.count &&
    draft.comment.trim() === sent.comment
  );
}
