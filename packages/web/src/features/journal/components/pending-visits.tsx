import { formatDate } from '@lms/i18n/dates';
import { outboxState } from '../../../lib/offline/outbox/use-outbox';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { useFailureDetail } from '../../../components/ui/failure-message';
import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import { visitOutbox, type VisitWrite } from '../api/send-visits';
import styles from './journal.module.css';

export interface PendingVisitsProps {
  entries: readonly OutboxEntry<VisitWrite>[];
  owner: number;
  /** The class's students, to name the student of a single change. */
  names: readonly { id_student: number; s_fio: string }[];
}

/**
 * The class's attendance and marks the server has not confirmed: each with its state (waiting,
 * sending, refused) and, once a send failed, retry and discard. Nothing leaves unless sent or
 * discarded by the teacher.
 */
export function PendingVisits({ entries, owner, names }: PendingVisitsProps) {
  const { t } = useTranslation('journal');
  const failureDetail = useFailureDetail();
  if (entries.length === 0) return null;
  const nameOf = (id: number) => names.find((s) => s.id_student === id)?.s_fio ?? String(id);
  return (
    <Panel title={t('outbox.title')} icon="refresh" className={styles.noPrint}>
      {!visitOutbox.persistent ? <p className={styles.note}>{t('outbox.notPersistent')}</p> : null}
      <ul className={styles.outbox}>
        {entries.map((entry) => {
          const { payload } = entry;
          const label =
            payload.kind === 'roll'
              ? t('outbox.roll', {
                  date: formatDate(payload.visits[0]?.visitDate),
                  count: payload.visits.length,
                })
              : t('outbox.one', {
                  name: nameOf(payload.visit.id_student),
                  date: formatDate(payload.visit.visitDate),
                });
          const status = t(`outbox.${outboxState(entry)}`);
          const detail = entry.status === 'failed' ? failureDetail(entry.error) : '';
          return (
            <li key={entry.id} className={styles.outboxItem} data-status={entry.status}>
              <span className={styles.outboxText}>
                <span>{label}</span>
                <span className={styles.outboxStatus}>
                  {status}
                  {detail ? ` — ${detail}` : ''}
                </span>
              </span>
              {entry.status !== 'sending' ? (
                <>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => void visitOutbox.retry(entry.id, owner)}
                  >
                    {t('outbox.retry')}
                  </Button>
                  {entry.status === 'failed' ? (
                    <Button
                      type="button"
                      variant="ghost"
                      onClick={() => void visitOutbox.discard(entry.id)}
                    >
                      {t('outbox.discard')}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
