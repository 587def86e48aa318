import { useSignals } from '@preact/signals-react/runtime';
import { outboxState } from '../../../lib/offline/outbox/use-outbox';
import { useTranslation } from 'react-i18next';
import { UploadProgressBar } from '../../../components/upload/upload-progress';
import { useFailureDetail } from '../../../components/ui/failure-message';
import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import { sendProgress, type ChatSend } from '../api/send-message';
import { MessageText } from './message-bubble';
import styles from './chat.module.css';

export interface PendingBubbleProps {
  entry: OutboxEntry<ChatSend>;
  onRetry: (entry: OutboxEntry<ChatSend>) => void;
  onDiscard: (entry: OutboxEntry<ChatSend>) => void;
  onCancel: (entry: OutboxEntry<ChatSend>) => void;
}

/**
 * A message in the outbox: shown where it will appear, with its state, the attached files the
 * device did not keep, and what can be done.
 */
export function PendingBubble({ entry, onRetry, onDiscard, onCancel }: PendingBubbleProps) {
  useSignals();
  const { t } = useTranslation('chat');
  const failureDetail = useFailureDetail();
  const progress = sendProgress.value[entry.id];
  const status = t(`outbox.${outboxState(entry)}`);
  const detail = entry.status === 'failed' ? failureDetail(entry.error) : '';
  return (
    <div className={styles.bubbleRow} data-mine="true">
      <article className={styles.bubble} data-status={entry.status} data-testid="pending-message">
        <MessageText text={entry.payload.fields.message} />
        {entry.files.length > 0 ? (
          <ul className={styles.files}>
            {entry.files.map((file) => (
              <li key={`${file.name}-${file.size}`} className={styles.hint}>
                {file.name}
              </li>
            ))}
          </ul>
        ) : null}
        {entry.lostFiles?.length ? (
          <p className={styles.filesNote}>
            {t('outbox.filesLost', { names: entry.lostFiles.join(', ') })}
          </p>
        ) : null}
        {entry.pageOnlyFiles?.length ? (
          <p className={styles.filesNote}>
            {t('outbox.filesPageOnly', { names: entry.pageOnlyFiles.join(', ') })}
          </p>
        ) : null}
        {entry.status === 'sending' && progress ? (
          <UploadProgressBar
            progress={progress}
            label={t('outbox.progress')}
            onCancel={() => onCancel(entry)}
            cancelLabel={t('outbox.cancel')}
          />
        ) : null}
        <div className={styles.meta} role="status">
          <span>{detail ? `${status}: ${detail}` : status}</span>
          {entry.status !== 'sending' ? (
            <>
              <button type="button" className={styles.metaButton} onClick={() => onRetry(entry)}>
                {t('outbox.retry')}
              </button>
              <button type="button" className={styles.metaButton} onClick={() => onDiscard(entry)}>
                {t('outbox.discard')}
              </button>
            </>
          ) : null}
        </div>
      </article>
    </div>
  );
}
