import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionPage } from '../../../components/ui/page-header';
import { isStudent } from '../../../lib/session/roles';
import { useShellSession } from '../../../lib/session/shell-session';
import { RegistrationScreen } from './registration-screen';
import styles from './registration.module.css';

/** /lms/registration: a student registers for the semester's disciplines and electives. */
export function DisciplineRegistrationRoute() {
  const { t } = useTranslation('discipline-registration');
  const { user } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="registration" className={styles.page}>
      {isStudent(user) ? (
        <RegistrationScreen user={user} />
      ) : (
        <EmptyState icon="registration" text={t('studentsOnly')} />
      )}
    </SectionPage>
  );
}
