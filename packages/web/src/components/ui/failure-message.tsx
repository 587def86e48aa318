import { useTranslation } from 'react-i18next';
import { serverMessage, writeFailure } from '../../lib/write-failure';
import { Icon } from './icon';
import { cx } from '../../lib/class-names';
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
 * Why a write failed, in the interface language, or else in the server's own words (common
 * namespace; '' when there is nothing to add to the title).
 */
export function useFailureDetail(): (error: unknown, texts?: FailureDetailTexts) => string {
  const { t } = useTranslation();
  return (error, texts = {}) => {
    switch (writeFailure(error)) {
      case 'timeout':
        return t('failure.timeout');
      case 'connection':
        return t('failure.connection');
      case 'forbidden':
        return t('failure.forbidden');
      case 'storageFull':
        return t('failure.storageFull');
      case 'notFound':
        return texts.notFound ?? t('failure.notFound');
      case 'tooLarge':
        if (texts.tooLarge) return texts.tooLarge;
        break;
      default:
        break;
    }
    const server = serverMessage(error);
    return server ? t('failure.serverSaid', { message: server }) : '';
  };
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
  /** Why, from useFailureDetail. */
  detail?: string;
}

/** A failed write, announced at once: what failed and what was kept, then why. */
export function FailureMessage({ title, kept, detail }: FailureMessageProps) {
  const { t } = useTranslation();
  return (
    <div className={cx(surface.alert, styles.failure)} role="alert">
      <Icon name="alert" size={18} className={styles.icon} />
      <div>
        <p className={styles.title}>
          {title}
          {kept ? ` ${t(`failure.kept.${kept}`)}` : null}
        </p>
        {detail ? <p>{detail}</p> : null}
      </div>
    </div>
  );
}
