import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { useShellSession } from '../../../lib/session/shell-session';
import { ELibraryScreen } from './e-library-screen';
import styles from './e-library.module.css';

/** /lms/library: the e-library's categories, search and books; teachers add and edit books. */
export function ELibraryRoute() {
  const { t } = useTranslation('e-library');
  const { user, config } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="library" className={styles.page}>
      <ELibraryScreen user={user} maxSizeMb={config?.maxSizeMb} />
    </SectionPage>
  );
}
