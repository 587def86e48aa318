import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import styles from './status.module.css';
import surface from './surface.module.css';

export interface LoadingProps {
  /** Fill the viewport (first load) instead of the surrounding box. */
  fullScreen?: boolean;
}

/** The loading placeholder: 'Загрузка...'. */
export function Loading({ fullScreen = false }: LoadingProps) {
  const { t } = useTranslation();
  const content = (
    <div className={cx(surface.note, styles.placeholder)} role="status">
      <span className={surface.spinner} aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
  return fullScreen ? <div className={styles.fullScreen}>{content}</div> : content;
}
