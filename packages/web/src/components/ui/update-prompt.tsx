import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { applyUpdate, postponeUpdate, updateWaiting } from '../../lib/ui-state/app-update';
import { Button } from './button';
import { Icon } from './icon';
import styles from './update-prompt.module.css';

/**
 * "A new version is available": shown on every page while an update waits. The user chooses when
 * the page reloads on it (nothing typed is lost: drafts and outboxes are stored).
 */
export function UpdatePrompt() {
  useSignals();
  const { t } = useTranslation();
  if (!updateWaiting.value) return null;
  return (
    <section className={styles.prompt} role="status" aria-label={t('update.text')}>
      <Icon name="refresh" size={20} />
      <p className={styles.text}>{t('update.text')}</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={postponeUpdate}>
          {t('update.later')}
        </Button>
        <Button onClick={() => void applyUpdate()}>{t('update.apply')}</Button>
      </div>
    </section>
  );
}
