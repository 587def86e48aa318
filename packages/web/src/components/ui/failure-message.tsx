import { useTranslation } from 'react-i18next';
import { serverMessage, writeFailure } from '../../lib/query/write-failure';
import { Icon } from './icon';
import { cx } from '../../lib/format/class-names';
import styles from './failure-message.module.css';
import surface from './surface.module.css';

/** What a screen's own words replace in the common texts of useFailureDetail. */
export interface FailureDetailTexts {
  /**
   * The size-limit message for a 413, with the limit filled in, e.g. news' 'Размер файла не
   * должен превышать 1 МБ' (the product has one for news and one for chat).
   */
  tooLarge?: string;
  /** For a 404: what is gone, e.g. 'Эта новость уже удалена.' */
  notFound?: string;
}

/**
 * Why a request failed, as one sentence in the interface language naming the class of the failure
 * (common namespace; '' when there is nothing to add to the title). The server's own text is never
 * part of it: `FailureDetails` shows that under the sentence.
 */
export function useFailureDetail(): (error: unknown, texts?: FailureDetailTexts) => string {
  const { t } = useTranslation();
  return (error, texts = {}) => {
    switch (writeFailure(error)) {
      case 'timeout':
        return t('failure.timeout');
      case 'connection':
        return t('failure.connection');
      case 'server':
        return t('failure.server');
      case 'refused':
        return t('failure.refused');
      case 'forbidden':
        return t('failure.forbidden');
      case 'storageFull':
        return t('failure.storageFull');
      case 'notFound':
        return texts.notFound ?? t('failure.notFound');
      case 'tooLarge':
        return texts.tooLarge ?? t('failure.tooLarge');
      case 'cancelled':
      case 'other':
        return '';
    }
  };
}

/**
 * The server's own words about a failure, behind a native disclosure ('Подробнее') so they never
 * stand in for the sentence; nothing when the server sent none.
 */
export function FailureDetails({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = serverMessage(error);
  if (!message) return null;
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>{t('failure.details')}</summary>
      <p className={styles.serverText}>{message}</p>
    </details>
  );
}

/**
 * What the screen kept of the user's input after the failure ('form': every field and the file;
 * 'choices': what was picked).
 */
export type KeptInput = 'text' | 'files' | 'textAndFiles' | 'form' | 'choices';

export interface FailureMessageProps {
  /** What failed: 'Не удалось опубликовать новость.' */
  title: string;
  /** What is still there to try again with: '... Текст и файлы сохранены.' */
  kept?: KeptInput;
  /** Why, from useFailureDetail (with the screen's own texts); worded from `error` when left out. */
  detail?: string;
  /** The failure itself: the server's own text, if any, goes under the sentence in `FailureDetails`. */
  error?: unknown;
}

/** A failed write, announced at once: what failed and what was kept, then why, then the details. */
export function FailureMessage({ title, kept, detail, error }: FailureMessageProps) {
  const { t } = useTranslation();
  const failureDetail = useFailureDetail();
  const reason = detail ?? (error === undefined ? '' : failureDetail(error));
  return (
    <div className={cx(surface.alert, styles.failure)} role="alert">
      <Icon name="alert" size={18} className={styles.icon} />
      <div className={styles.body}>
        <p className={styles.title}>
          {title}
          {kept ? ` ${t(`failure.kept.${kept}`)}` : null}
        </p>
        {reason ? <p>{reason}</p> : null}
        {error === undefined ? null : <FailureDetails error={error} />}
      </div>
    </div>
  );
}
