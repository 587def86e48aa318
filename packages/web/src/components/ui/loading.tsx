import { useTranslation } from 'react-i18next';
import styles from './status.module.css';

export interface LoadingProps {
  /** Fill the viewport (first load) instead of the surrounding box. */
  fullScreen?: boolean;
}

/** The 'Загрузка...' placeholder (product spec, section 2). */
export function Loading({ fullScreen = false }: LoadingProps) {
  const { t } = useTranslation();
  const content = (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
  return fullScreen ? <div className={styles.fullScreen}>{content}</div> : content;
}
