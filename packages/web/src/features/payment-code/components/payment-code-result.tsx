import type { UseQueryResult } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { QueryFailed } from '../../../components/ui/query-state';
import { QueryStaleNotice, type SyncedQuery } from '../../../components/ui/stale-notice';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/format/class-names';
import type { PaymentCode } from '../api/get-payment-code';
import { codeGroups } from '../utils/code-groups';
import { formatAmount } from '../utils/format-amount';
import { CopyCodeButton } from './copy-code-button';
import styles from './payment-code.module.css';

export interface PaymentCodeResultProps {
  code: Pick<UseQueryResult<PaymentCode | null>, 'status' | 'data' | 'error' | 'refetch'> &
    SyncedQuery;
  /** All three pickers have a value, so a code was asked for. */
  requested: boolean;
}

/** Below the pickers: a prompt, the request's progress or failure, or the code itself. */
export function PaymentCodeResult({ code, requested }: PaymentCodeResultProps) {
  const { t } = useTranslation('payment-code');
  let content;
  if (!requested) content = <EmptyState icon="paymentcode" text={t('code.prompt')} />;
  else if (code.status === 'pending') content = <Loading />;
  else if (code.data === undefined) {
    content = (
      <QueryFailed text={t('code.failed')} error={code.error} onRetry={() => void code.refetch()} />
    );
  } else if (!code.data) content = <EmptyState icon="inbox" text={t('code.none')} />;
  // Keyed by the code: another code starts without the previous one's copy message.
  else content = <CodeCard key={code.data.account} code={code.data} />;
  return (
    <div className={styles.result}>
      {requested ? <QueryStaleNotice query={code} /> : null}
      {content}
    </div>
  );
}

function CodeCard({ code }: { code: PaymentCode }) {
  const { t, i18n } = useTranslation('payment-code');
  const headingId = useId();
  const codeRef = useRef<HTMLParagraphElement>(null);
  const label = t('code.qr', { code: code.account });
  const groups = codeGroups(code.account);
  return (
    <section className={cx(surface.card, styles.card)} aria-labelledby={headingId}>
      <div className={styles.cardMain}>
        <h2 id={headingId} className={styles.cardHeading}>
          {t('code.heading')}
        </h2>
        {/*
          Digits only: no translation, and a click selects the whole code. The groups are spans
          with no text between them, so a selection copies the code exactly as the server sent it.
        */}
        <p
          ref={codeRef}
          className={styles.code}
          translate="no"
          style={codeSize(groups, code.account.length)}
        >
          {groups.map((group, index) => (
            <span key={index} className={styles.codeGroup}>
              {group}
            </span>
          ))}
        </p>
        <p className={styles.service}>
          <span>{code.name}</span>
          <span className={styles.amount}>
            {t('code.amount', { amount: formatAmount(code.sum, i18n.language) })}
          </span>
        </p>
        <CopyCodeButton text={code.account} codeRef={codeRef} />
        <p className={styles.howTo}>{t('code.howTo')}</p>
      </div>
      <figure className={styles.qr}>
        <span className={styles.qrTile}>
          {/* Dark modules on white in both themes: banking apps' scanners expect that contrast. */}
          <QRCodeSVG
            value={code.account}
            size={168}
            level="M"
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#0e141b"
            role="img"
            aria-label={label}
            title={label}
          />
        </span>
        <figcaption className={styles.qrCaption}>{t('code.qrCaption')}</figcaption>
      </figure>
    </section>
  );
}

/** What the stylesheet needs to fit the whole code on one line of the card (its font size). */
function codeSize(groups: readonly string[], length: number): CSSProperties {
  return { '--code-length': length, '--code-groups': groups.length } as CSSProperties;
}
