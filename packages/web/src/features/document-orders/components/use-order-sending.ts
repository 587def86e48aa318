import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Draft } from '../../../lib/offline/drafts/use-draft';
import { useOrderAppears, useOrderBaseline, useReconcileOrder } from '../api/reconcile-order';
import { useSaveOrder } from '../api/save-order';
import { missingChoices, type OrderDraft } from '../utils/order-status';
import {
  sameChoices,
  sendOutcomeUnknown,
  type OrderReconciled,
  type SentOrder,
  type UnconfirmedOrder,
} from '../utils/sent-order';

/** What the form says after a send that did not go as planned. */
export type OrderFailure =
  /** The server answered that the send failed: the choices stay. */
  | { kind: 'failed'; error: unknown }
  /**
   * The send may have been stored (its answer lost, or the server failed), and the list read
   * afterwards does not hold the order (yet); `error` is how the send failed, when known.
   */
  | { kind: 'notStored'; error?: unknown }
  /** The answer was lost and the list cannot tell: the person looks at it before sending again. */
  | { kind: 'undecided' };

export interface OrderSending {
  /** The server took the last send (until the person changes the form). */
  sent: boolean;
  /** A send is on its way. */
  sending: boolean;
  /** The list is being read to learn a send's outcome. */
  checking: boolean;
  /** Sending or checking: the form waits. */
  busy: boolean;
  failure: OrderFailure | null;
  /** The list could not be read since a send given up on: only reading it is offered. */
  mustLook: boolean;
  /** The person changed a choice: the draft keeps it and the last outcome is no longer shown. */
  change: (next: Partial<OrderDraft>) => void;
  /** The person discarded the draft. */
  discard: () => void;
  /** The person pressed the button with these choices (as the form shows them). */
  submit: (shown: OrderDraft) => void;
}

const withoutMarker = ({ unconfirmed: _sent, ...draft }: OrderDraft): OrderDraft => draft;

/** What a send asks for: the shown choices, the comment trimmed. */
const orderOf = (shown: OrderDraft): SentOrder => ({
  id_doc: shown.id_doc,
  id_region: shown.id_region,
  id_district: shown.id_district,
  count: shown.count,
  comment: shown.comment.trim(),
});

type Found = OrderReconciled['state'] | 'unread';

/**
 * Reads the list for a send whose outcome is unknown and keeps what it says: found, the order
 * counts as sent (`delivered`); not there, the mark stays as looked at; without the list from
 * before the send the person decides (the mark goes); unreadable, the mark stays for the list to
 * be read again. `checking` while it reads.
 */
function useOrderLookup(
  uid: number,
  kept: Draft<OrderDraft>,
  delivered: (order: SentOrder) => void,
) {
  const reconcile = useReconcileOrder(uid);
  const look = (marked: UnconfirmedOrder): Promise<Found> =>
    reconcile.mutateAsync(marked).then(
      (found) => {
        if (found.state === 'delivered') delivered(marked.sent);
        else if (found.state === 'missing') {
          kept.set((current) => ({ ...current, unconfirmed: { ...marked, looked: true } }));
        } else kept.set(withoutMarker);
        return found.state;
      },
      () => {
        kept.set((current) => ({ ...current, unconfirmed: { ...marked, looked: false } }));
        return 'unread' as const;
      },
    );
  return { look, checking: reconcile.isPending };
}

/**
 * The order form's send and its reconciling, kept in the person's draft (`kept`).
 *
 * Nothing is sent twice: a send is marked in the draft before it leaves, and when its answer is
 * lost (a timeout, a dropped connection) the order list is read before the order may go again.
 * The order found there counts as sent; none found, it was not sent. While the list cannot be read
 * the mark stays (through a reload too) and the button reads the list instead of sending.
 */
export function useOrderSending(uid: number, kept: Draft<OrderDraft>): OrderSending {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const save = useSaveOrder(uid);
  const baseline = useOrderBaseline(uid);
  const latest = useRef(kept.value);
  useEffect(() => {
    latest.current = kept.value;
  });
  const unconfirmed = kept.value.unconfirmed;

  /** The server holds the order: the draft goes, unless the person has changed it since. */
  const delivered = (order: SentOrder) => {
    if (sameChoices(latest.current, order)) kept.clear();
    else kept.set(withoutMarker);
    setFailure(null);
    setSent(true);
  };
  const { look, checking } = useOrderLookup(uid, kept, delivered);
  const busy = sending || checking;

  /** Looks for a send whose outcome is unknown and says what was found. */
  const checkOutcome = (marked: UnconfirmedOrder, error?: unknown): Promise<void> =>
    look(marked).then((found) => {
      if (found === 'missing') setFailure({ kind: 'notStored', error });
      else if (found === 'undecided') setFailure({ kind: 'undecided' });
    });

  /** Sends the marked order and keeps what its answer says (or, lost, what the list says). */
  const deliver = async (marked: UnconfirmedOrder) => {
    const order = marked.sent;
    // Marked before it leaves, so a reload mid-send still reads the list before sending again.
    kept.set((current) => ({ ...current, unconfirmed: marked }));
    try {
      await save.mutateAsync({
        uid,
        id_doc: order.id_doc,
        id_region: order.id_region,
        id_district: order.id_district,
        count: order.count,
        ...(order.comment ? { comment: order.comment } : {}),
      });
    } catch (error) {
      if (sendOutcomeUnknown(error)) {
        await checkOutcome(marked, error);
      } else {
        kept.set(withoutMarker);
        setFailure({ kind: 'failed', error });
      }
      return;
    }
    // The draft goes once the server has the order, even if the page was left meanwhile.
    delivered(order);
  };

  const send = async (order: SentOrder, earlier: UnconfirmedOrder | undefined) => {
    setSending(true);
    setSent(false);
    setFailure(null);
    try {
      // An earlier send given up on may have been stored since: it is looked for first.
      if (earlier) {
        const found = await look(earlier);
        if (found === 'undecided') setFailure({ kind: 'undecided' });
        if (found !== 'missing') return;
      }
      await deliver({ sent: order, before: await baseline() });
    } finally {
      setSending(false);
    }
  };

  const mustLook = unconfirmed !== undefined && !unconfirmed.looked;

  const submit = (shown: OrderDraft) => {
    if (busy) return;
    if (unconfirmed && mustLook) {
      void checkOutcome(unconfirmed);
      return;
    }
    if (missingChoices(shown).length > 0) return;
    void send(orderOf(shown), unconfirmed);
  };

  // A draft that comes back marked was being sent when the page went: its outcome is read first.
  const restoredChecked = useRef(false);
  const checkRestored = useEffectEvent(() => {
    if (restoredChecked.current) return;
    restoredChecked.current = true;
    if (kept.restored && unconfirmed) void checkOutcome(unconfirmed);
  });
  const draftReady = kept.ready;
  useEffect(() => {
    if (draftReady) checkRestored();
  }, [draftReady]);

  // The list's own refreshes may show a send given up on as stored after all.
  useOrderAppears(uid, busy ? undefined : unconfirmed, () => {
    if (unconfirmed) delivered(unconfirmed.sent);
  });

  const change = (next: Partial<OrderDraft>) => {
    kept.set((current) => ({ ...current, ...next }));
    setSent(false);
    setFailure(null);
  };

  const discard = () => {
    kept.clear();
    setFailure(null);
  };

  return { sent, sending, checking, busy, failure, mustLook, change, discard, submit };
}
