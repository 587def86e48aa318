import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/class-names';
import { DraftNote } from '../../../components/ui/draft-note';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { useDraft } from '../../../lib/drafts/use-draft';
import { offeredId } from '../../../lib/pickers';
import type { PortalUser } from '../../../lib/roles';
import { useDistricts } from '../api/get-districts';
import { useOrderDocs } from '../api/get-order-docs';
import { useRegions } from '../api/get-regions';
import { useOrderAppears, useOrderBaseline, useReconcileOrder } from '../api/reconcile-order';
import { useSaveOrder } from '../api/save-order';
import {
  EMPTY_ORDER,
  MAX_COPIES,
  MIN_COPIES,
  missingChoices,
  type OrderDraft,
} from '../utils/order-status';
import {
  sameChoices,
  sendOutcomeUnknown,
  type OrderReconciled,
  type SentOrder,
  type UnconfirmedOrder,
} from '../utils/sent-order';
import styles from './document-orders.module.css';

/** What the form says after a send that did not go as planned. */
type Failure =
  /** The server answered that the send failed: the choices stay. */
  | { kind: 'failed'; error: unknown }
  /**
   * The send may have been stored (its answer lost, or the server failed), and the list read
   * afterwards does not hold the order (yet); `error` is how the send failed, when known.
   */
  | { kind: 'notStored'; error?: unknown }
  /** The answer was lost and the list cannot tell: the person looks at it before sending again. */
  | { kind: 'undecided' };

const withoutMarker = ({ unconfirmed: _sent, ...draft }: OrderDraft): OrderDraft => draft;

/**
 * A new order: the document, the region and then one of its districts, copies and a note. It can
 * be sent once the three are chosen; a failed send keeps every choice. The choices are kept as the
 * person's draft until the order is sent, so a reload or the next sign-in brings them back.
 *
 * Nothing is sent twice: a send is marked in the draft before it leaves, and when its answer is
 * lost (a timeout, a dropped connection) the order list is read before the order may go again.
 * The order found there counts as sent; none found, it was not sent. While the list cannot be read
 * the mark stays (through a reload too) and the button reads the list instead of sending.
 */
export function OrderForm({ user }: { user: Pick<PortalUser, 'uid' | 'role'> }) {
  const { t } = useTranslation(['document-orders', 'common']);
  const failureDetail = useFailureDetail();
  const ids = { count: useId(), comment: useId(), commentHint: useId(), missing: useId() };
  const kept = useDraft<OrderDraft>(user.uid, 'document-orders:order', EMPTY_ORDER);
  const draft = kept.value;
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const docs = useOrderDocs(user);
  const regions = useRegions();
  const districts = useDistricts(draft.id_region === -1 ? null : draft.id_region);
  const save = useSaveOrder(user.uid);
  const baseline = useOrderBaseline(user.uid);
  const reconcile = useReconcileOrder(user.uid);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });

  const docOptions = (docs.data ?? []).map((d) => ({ id: d.id_doc, name: d.name }));
  const regionOptions = (regions.data ?? []).map((r) => ({ id: r.id_region, name: r.name }));
  // Only the chosen region's districts are offered, so another region's cannot be picked.
  const districtOptions = (districts.data ?? [])
    .filter((d) => d.id_region === draft.id_region)
    .map((d) => ({ id: d.id_district, name: d.name }));
  const shown: OrderDraft = {
    ...draft,
    id_doc: offeredId(docOptions, draft.id_doc, (o) => o.id),
    id_region: offeredId(regionOptions, draft.id_region, (o) => o.id),
    id_district: offeredId(districtOptions, draft.id_district, (o) => o.id),
  };
  const missing = missingChoices(shown);
  const names = { doc: t('doc'), region: t('region'), district: t('district') };
  const checking = reconcile.isPending;
  const busy = sending || checking;
  const unconfirmed = draft.unconfirmed;

  const change = (next: Partial<OrderDraft>) => {
    kept.set((current) => ({ ...current, ...next }));
    setSent(false);
    setFailure(null);
  };

  /** The server holds the order: the draft goes, unless the person has changed it since. */
  const delivered = (order: SentOrder) => {
    if (sameChoices(latest.current, order)) kept.clear();
    else kept.set(withoutMarker);
    setFailure(null);
    setSent(true);
  };

  /**
   * Reads the list for a send whose outcome is unknown and keeps what it says: found, the order
   * counts as sent; not there, the mark stays as looked at; without the list from before the send
   * the person decides (the mark goes); unreadable, the mark stays for the list to be read again.
   */
  const look = (marked: UnconfirmedOrder): Promise<OrderReconciled['state'] | 'unread'> =>
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

  /** Looks for a send whose outcome is unknown and says what was found. */
  const checkOutcome = (marked: UnconfirmedOrder, error?: unknown): Promise<void> =>
    look(marked).then((found) => {
      if (found === 'missing') setFailure({ kind: 'notStored', error });
      else if (found === 'undecided') setFailure({ kind: 'undecided' });
    });

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
      const marked: UnconfirmedOrder = { sent: order, before: await baseline() };
      // Marked before it leaves, so a reload mid-send still reads the list before sending again.
      kept.set((current) => ({ ...current, unconfirmed: marked }));
      try {
        await save.mutateAsync({
          uid: user.uid,
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
    } finally {
      setSending(false);
    }
  };

  /** The list could not be read since a send given up on: only reading it is offered. */
  const mustLook = unconfirmed !== undefined && !unconfirmed.looked;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (unconfirmed && mustLook) {
      void checkOutcome(unconfirmed);
      return;
    }
    if (missing.length > 0) return;
    void send(
      {
        id_doc: shown.id_doc,
        id_region: shown.id_region,
        id_district: shown.id_district,
        count: shown.count,
        comment: shown.comment.trim(),
      },
      unconfirmed,
    );
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
  useOrderAppears(user.uid, busy ? undefined : unconfirmed, () => {
    if (unconfirmed) delivered(unconfirmed.sent);
  });

  const submitLabel = checking
    ? t('checking')
    : sending
      ? t('sending')
      : mustLook
        ? t('check')
        : t('submit');

  return (
    <Panel title={t('newOrder')} icon="singlewindow">
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <DraftNote
          restored={kept.restored}
          onDiscard={() => {
            kept.clear();
            setFailure(null);
          }}
        />
        <div className={styles.fields}>
          <PickerField
            className={styles.wide}
            label={t('doc')}
            value={shown.id_doc}
            options={docOptions}
            query={docs}
            disabled={busy}
            onChange={(id) => change({ id_doc: id })}
          />
          <PickerField
            label={t('region')}
            value={shown.id_region}
            options={regionOptions}
            query={regions}
            disabled={busy}
            // Another region: the district chosen in the old one no longer applies.
            onChange={(id) => change({ id_region: id, id_district: -1 })}
          />
          <PickerField
            label={t('district')}
            value={shown.id_district}
            options={districtOptions}
            query={districts}
            disabled={busy || shown.id_region === -1}
            onChange={(id) => change({ id_district: id })}
          />
          <div className={form.field}>
            <label htmlFor={ids.count} className={form.label}>
              {t('count')}
            </label>
            <select
              id={ids.count}
              className={form.select}
              value={shown.count}
              disabled={busy}
              onChange={(event) => change({ count: Number(event.target.value) })}
            >
              {Array.from({ length: MAX_COPIES - MIN_COPIES + 1 }, (_, i) => i + MIN_COPIES).map(
                (n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ),
              )}
            </select>
          </div>
          <div className={cx(form.field, styles.wide)}>
            <label htmlFor={ids.comment} className={form.label}>
              {t('comment')}
            </label>
            <textarea
              id={ids.comment}
              className={form.textarea}
              rows={2}
              maxLength={500}
              value={shown.comment}
              readOnly={busy}
              aria-describedby={ids.commentHint}
              onChange={(event) => change({ comment: event.target.value })}
            />
            <p id={ids.commentHint} className={form.hint}>
              {t('commentHint')}
            </p>
          </div>
        </div>

        {failure?.kind === 'failed' ? (
          <FailureMessage
            title={t('failed')}
            kept="choices"
            detail={failureDetail(failure.error)}
            error={failure.error}
          />
        ) : null}
        {failure?.kind === 'notStored' ? (
          <FailureMessage
            title={t('failed')}
            kept="choices"
            detail={
              failure.error === undefined
                ? t('notStored')
                : `${failureDetail(failure.error)} ${t('notStored')}`
            }
            error={failure.error}
          />
        ) : null}
        {failure?.kind === 'undecided' ? (
          <FailureMessage title={t('undecided')} kept="choices" detail={t('undecidedDetail')} />
        ) : null}
        {mustLook && !busy ? (
          <FailureMessage title={t('unknown')} kept="choices" detail={t('unknownDetail')} />
        ) : null}
        <SuccessNotice>{sent ? t('sent') : null}</SuccessNotice>
        <div className={styles.actions}>
          {missing.length > 0 ? (
            <p id={ids.missing} className={form.hint}>
              {t('missing', { fields: missing.map((field) => names[field]).join(', ') })}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={busy || (!mustLook && missing.length > 0)}
            aria-describedby={!mustLook && missing.length > 0 ? ids.missing : undefined}
            aria-busy={busy}
          >
            <Icon name={mustLook && !busy ? 'refresh' : 'check'} size={18} />
            {submitLabel}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
