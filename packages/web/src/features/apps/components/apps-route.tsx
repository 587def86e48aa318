import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { AppLinksState } from './app-links-state';
import styles from './apps.module.css';

/** /lms/apps: the university's services outside the portal (misc/dinurls). */
export function AppsRoute() {
  const { t } = useTranslation('apps');
  return (
    <SectionPage title={t('title')} icon="apps">
      <div className={styles.page}>
        <p className={styles.intro}>{t('intro')}</p>
        <AppLinksState variant="cards" />
      </div>
    </SectionPage>
  );
}
