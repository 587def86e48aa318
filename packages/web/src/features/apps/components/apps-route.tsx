import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { AppLinksState } from './app-links-state';
import styles from './apps.module.css';

/** /lms/apps: the university's services outside the portal (misc/dinurls). */
export function AppsRoute() {
  const { t } = useTranslation('apps');
  const title = t('title');
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} icon="apps" />
      <div className={styles.page}>
        <p className={styles.intro}>{t('intro')}</p>
        <AppLinksState variant="cards" />
      </div>
    </>
  );
}
