import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { isTeacher } from '../../../lib/session/roles';
import { useShellSession } from '../../../lib/session/shell-session';
import { StudentMaterials } from './student-materials';
import { TeacherMaterials } from './teacher-materials';
import styles from './study-materials.module.css';

/** /lms/umk: teachers publish the study materials of their disciplines, students find and read them. */
export function StudyMaterialsRoute() {
  const { t } = useTranslation('study-materials');
  const { user, config, academic } = useShellSession();
  const id_group = user.id_group ?? academic.studentGroups.data?.[0]?.id_group ?? null;
  return (
    <SectionPage title={t('title')} icon="umk" className={styles.page}>
      {isTeacher(user) ? (
        <TeacherMaterials user={user} config={config} academic={academic} />
      ) : (
        <StudentMaterials uid={user.uid} id_group={id_group} academic={academic} />
      )}
    </SectionPage>
  );
}
