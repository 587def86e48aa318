import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { isTeacher } from '../../../lib/roles';
import { useShellSession } from '../../../lib/shell-session';
import { StudentMaterials } from './student-materials';
import { TeacherMaterials } from './teacher-materials';
import styles from './study-materials.module.css';

/** /lms/umk: teachers publish the study materials of their disciplines, students find and read them. */
export function StudyMaterialsRoute() {
  const { t } = useTranslation('study-materials');
  const { user, config, academic } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  const id_group = user.id_group ?? academic.studentGroups.data?.[0]?.id_group ?? null;
  return (
    <div className={styles.page}>
      <PageHeader title={title} icon="umk" />
      {isTeacher(user) ? (
        <TeacherMaterials user={user} config={config} academic={academic} />
      ) : (
        <StudentMaterials uid={user.uid} id_group={id_group} academic={academic} />
      )}
    </div>
  );
}
