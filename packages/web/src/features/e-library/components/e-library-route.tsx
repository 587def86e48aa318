import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { useShellSession } from '../../../lib/shell-session';
import { ELibraryScreen } from './e-library-screen';
import styles from './e-library.module.css';

/** /lms/library: the e-library's categories, search and books; teachers add and edit books. */
export function ELibraryRoute() {
  const { t } = useTranslation('e-library');
  const { user, config } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <PageHeader title={title} icon="library" />
      <ELibraryScreen user={user} maxSizeMb={config?.maxSizeMb} />
    </div>
  );
}
