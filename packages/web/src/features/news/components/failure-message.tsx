import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { sendFailure, serverMessage } from '../utils/send-failure';
import styles from './news.module.css';

/** Why a write failed, in the interface language, or else in the server's own words. */
export function useFailureDetail(): (error: unknown, maxSizeMb?: number) => string {
  const { t } = useTranslation('news');
  return (error, maxSizeMb) => {
    switch (sendFailure(error)) {
      case 'timeout':
        return t('errors.timeout');
      case 'connection':
        return t('errors.connection');
      case 'forbidden':
        return t('errors.forbidden');
      case 'notFound':
        return t('errors.notFound');
      case 'tooLarge':
        if (maxSizeMb !== undefined) return t('compose.fileTooLarge', { maxSizeMb });
        break;
      default:
        break;
    }
    const server = serverMessage(error);
    return server ? t('compose.serverSaid', { message: server }) : '';
  };
}

export interface FailureMessageProps {
  title: string;
  detail?: string;
}

/** A failed write, announced at once: what failed, then why. */
export function FailureMessage({ title, detail }: FailureMessageProps) {
  return (
    <div className={styles.formError} role="alert">
      <Icon name="alert" size={18} className={styles.formErrorIcon} />
      <div>
        <p className={styles.formErrorTitle}>{title}</p>
        {detail ? <p>{detail}</p> : null}
      </div>
    </div>
  );
}
