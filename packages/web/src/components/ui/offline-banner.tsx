import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online-status';
import { Icon } from './icon';
import styles from './status.module.css';

/** Section 2: a banner 'Нет сети !!!' appears while the browser is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className={styles.banner} role="alert">
      <Icon name="offline" size={18} />
      {t('offlineBanner')}
    </div>
  );
}

/**
 * The portal runs on the stored session while the server cannot confirm it: the page stays as it
 * is and says it is reconnecting (the shell tries again by itself).
 */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="status">
      <Icon name="refresh" size={18} />
      {t('reconnecting')}
    </div>
  );
}
