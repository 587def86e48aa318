import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { isStudent } from '../../../lib/roles';
import { useShellSession } from '../../../lib/shell-session';
import { RegistrationScreen } from './registration-screen';
import styles from './registration.module.css';

/** /lms/registration: a student registers for the semester's disciplines and electives. */
export function DisciplineRegistrationRoute() {
  const { t } = useTranslation('discipline-registration');
  const { user } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <PageHeader title={title} icon="registration" />
      {isStudent(user) ? (
        <RegistrationScreen user={user} />
      ) : (
        <EmptyState icon="registration" text={t('studentsOnly')} />
      )}
    </div>
  );
}
