import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/loading';
import { SectionPage } from '../../../components/ui/page-header';
import { lazyComponent } from '../../../lib/ui-state/chunk-loading';
import { isTeacher } from '../../../lib/session/roles';
import { useShellSession } from '../../../lib/session/shell-session';
import styles from './journal.module.css';

// Each role's screen is a chunk of its own: a student (most often on a phone) never downloads the
// teacher's roll call, class table and the outbox behind them, nor a teacher the student's page.
export const TeacherJournalPart = lazyComponent(
  'journal-teacher',
  () => import('./teacher-journal'),
  (module) => module.TeacherJournal,
);
export const StudentJournalPart = lazyComponent(
  'journal-student',
  () => import('./student-journal'),
  (module) => module.StudentJournal,
);

/** /lms/journal: the teacher's roll call and journal of a class, or the student's own marks. */
export function JournalRoute() {
  const { t } = useTranslation('journal');
  const { user, config, academic } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="journal" className={styles.page}>
      <Suspense fallback={<Loading />}>
        {isTeacher(user) ? (
          <TeacherJournalPart user={user} academic={academic} />
        ) : (
          <StudentJournalPart
            user={user}
            academic={academic}
            warningPercent={config?.absenceWarningPercent}
          />
        )}
      </Suspense>
    </SectionPage>
  );
}
