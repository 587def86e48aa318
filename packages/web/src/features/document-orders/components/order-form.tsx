import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import form from '../../../components/ui/text-field.module.css';
import { DraftNote } from '../../../components/ui/draft-note';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { useDraft } from '../../../lib/offline/drafts/use-draft';
import type { PortalUser } from '../../../lib/session/roles';
import { EMPTY_ORDER, missingChoices, type OrderDraft } from '../utils/order-status';
import { OrderFields, useOrderChoices } from './order-fields';
import { useOrderSending, type OrderSending } from './use-order-sending';
import styles from './document-orders.module.css';

/** What came of the last send: a failure, a send still to be looked for, or the order sent. */
function SendOutcome({ sending }: { sending: OrderSending }) {
  const { t } = useTranslation('document-orders');
  const failureDetail = useFailureDetail();
  const { failure, mustLook, busy, sent } = sending;
  return (
    <>
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
    </>
  );
}

/**
 * A new order: the document, the region and then one of its districts, copies and a note. It can
 * be sent once the three are chosen; a failed send keeps every choice. The choices are kept as the
 * person's draft until the order is sent, so a reload or the next sign-in brings them back. Its
 * send is never repeated blindly: `useOrderSending` reads the list when an answer was lost.
 */
export function OrderForm({ user }: { user: Pick<PortalUser, 'uid' | 'role'> }) {
  const { t } = useTranslation(['document-orders', 'common']);
  const missingId = useId();
  const kept = useDraft<OrderDraft>(user.uid, 'document-orders:order', EMPTY_ORDER);
  const choices = useOrderChoices(user, kept.value);
  const sending = useOrderSending(user.uid, kept);
  const { shown } = choices;
  const { busy, mustLook } = sending;
  const missing = missingChoices(shown);
  const names = { doc: t('doc'), region: t('region'), district: t('district') };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sending.submit(shown);
  };

  const submitLabel = sending.checking
    ? t('checking')
    : sending.sending
      ? t('sending')
      : mustLook
        ? t('check')
        : t('submit');

  return (
    <Panel title={t('newOrder')} icon="singlewindow">
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <DraftNote restored={kept.restored} onDiscard={sending.discard} />
        <OrderFields choices={choices} busy={busy} onChange={sending.change} />
        <SendOutcome sending={sending} />
        <div className={styles.actions}>
          {missing.length > 0 ? (
            <p id={missingId} className={form.hint}>
              {t('missing', { fields: missing.map((field) => names[field]).join(', ') })}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={busy || (!mustLook && missing.length > 0)}
            aria-describedby={!mustLook && missing.length > 0 ? missingId : undefined}
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
