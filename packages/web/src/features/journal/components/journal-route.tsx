import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { isTeacher } from '../../../lib/session/roles';
import { useShellSession } from '../../../lib/session/shell-session';
import { StudentJournal } from './student-journal';
import { TeacherJournal } from './teacher-journal';
import styles from './journal.module.css';

/** /lms/journal: the teacher's roll call and journal of a class, or the student's own marks. */
export function JournalRoute() {
  const { t } = useTranslation('journal');
  const { user, config, academic } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="journal" className={styles.page}>
      {isTeacher(user) ? (
        <TeacherJournal user={user} academic={academic} />
      ) : (
        <StudentJournal
          user={user}
          academic={academic}
          warningPercent={config?.absenceWarningPercent}
        />
      )}
    </SectionPage>
  );
}
