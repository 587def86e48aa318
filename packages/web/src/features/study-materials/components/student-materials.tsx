import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PickerField } from '../../../components/ui/picker-field';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useStudentDisciplines } from '../api/get-student-disciplines';
import { useStudentExamTypes } from '../api/get-student-exam-types';
import { useStudentSemesters } from '../api/get-student-semesters';
import { useStudentMaterialList } from '../api/get-student-materials';
import { useMaterialTeachers } from '../api/get-material-teachers';
import { useMaterialTypes } from '../api/get-material-types';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { useSharedClass } from './use-shared-class';
import { MaterialCard } from './material-card';
import { MaterialFilters, MaterialList, MaterialsSection } from './materials-frame';

/** All teachers (umk/getumklistforstud's id_teacher -1). */
const ALL_TEACHERS = -1;

export interface StudentMaterialsProps {
  uid: number;
  /** The student's group; null when the server did not name one. */
  id_group: number | null;
  /** The shell's academic context: the pickers start on its class and follow it. */
  academic: Pick<AcademicContext, 'discipline' | 'semester' | 'choose'>;
}

/**
 * A student's study materials: semester (the latest studied first), discipline, form of control
 * and teacher, then the materials the server lets the student see, each to open or download.
 */
export function StudentMaterials({ uid, id_group, academic }: StudentMaterialsProps) {
  const { t } = useTranslation('study-materials');
  const shared = useSharedClass(academic, {
    examination: PLACEHOLDER_ID,
    teacher: ALL_TEACHERS,
  });
  const { chosen, choose } = shared;
  const semesters = useStudentSemesters(id_group === null ? null : { uid, id_group });
  const semesterList = semesters.data ?? [];
  // The semester studied last is the one a student opens most.
  const semester =
    offeredId(semesterList, chosen.semester, (s) => s.id_semester) !== PLACEHOLDER_ID
      ? chosen.semester
      : (semesterList.at(-1)?.id_semester ?? PLACEHOLDER_ID);
  const inSemester = id_group !== null && semester !== PLACEHOLDER_ID;
  const disciplines = useStudentDisciplines(
    inSemester ? { uid, id_group, id_semester: semester } : null,
  );
  const disciplineList = disciplines.data ?? [];
  const discipline = offeredId(disciplineList, chosen.discipline, (d) => d.id_discipline);
  const examTypes = useStudentExamTypes(
    inSemester && discipline !== PLACEHOLDER_ID
      ? { id_group, id_semester: semester, id_discipline: discipline }
      : null,
  );
  const examList = examTypes.data ?? [];
  const examination =
    examList.length === 1
      ? (examList[0]?.id_examination ?? PLACEHOLDER_ID)
      : offeredId(examList, chosen.examination, (e) => e.id_examination);
  const row =
    inSemester && discipline !== PLACEHOLDER_ID && examination !== PLACEHOLDER_ID
      ? { id_group, id_semester: semester, id_discipline: discipline, id_examination: examination }
      : null;
  const teachers = useMaterialTeachers(row);
  const teacherList = teachers.data ?? [];
  const teacher = offeredId(teacherList, chosen.teacher, (x) => x.id_teacher);
  const list = useStudentMaterialList(row && { uid, ...row, id_teacher: teacher });
  const types = useMaterialTypes();
  const words = useVocabulary();
  const typeName = (id: number) =>
    words.materialType(id, types.data?.find((type) => type.id_typeUmk === id)?.name);
  const disciplineName = disciplineList.find((d) => d.id_discipline === discipline)?.name ?? '';

  if (id_group === null) return <EmptyState icon="umk" text={t('noGroup')} />;

  return (
    <>
      <MaterialFilters
        semester={semester}
        semesters={semesters}
        onSemester={(id) =>
          choose({ semester: id, discipline: -1, examination: -1, teacher: ALL_TEACHERS })
        }
      >
        <PickerField
          label={t('discipline')}
          value={discipline}
          options={disciplineList.map((d) => ({ id: d.id_discipline, name: d.name }))}
          query={disciplines}
          disabled={semester === PLACEHOLDER_ID}
          onChange={(id) => shared.chooseDiscipline(semester, id)}
        />
        <PickerField
          label={t('examination')}
          value={examination}
          options={examList.map((e) => ({
            id: e.id_examination,
            name: words.examination(e.id_examination, e.name),
          }))}
          query={examTypes}
          disabled={discipline === PLACEHOLDER_ID}
          onChange={(id) => choose({ examination: id, teacher: ALL_TEACHERS })}
        />
        <PickerField
          label={t('teacher')}
          value={teacher}
          placeholder={t('allTeachers')}
          options={teacherList.map((x) => ({ id: x.id_teacher, name: x.t_fio }))}
          query={teachers}
          disabled={!row}
          onChange={(id) => choose({ teacher: id })}
        />
      </MaterialFilters>

      <MaterialsSection
        count={row && list.data ? t('materialsCount', { count: list.data.length }) : undefined}
        noSemesters={
          semesters.isSuccess && semesterList.length === 0 ? t('noStudentSemesters') : null
        }
        chooseRow={row ? null : t('chooseStudentRow')}
        list={list}
      >
        {(items) => (
          <MaterialList items={items} empty={t('emptyStudent')}>
            {(item) => (
              <MaterialCard
                key={item.id_books}
                item={item}
                typeName={typeName(item.id_typeUmk)}
                context={[disciplineName, item.t_fio].filter(Boolean).join(' · ')}
              />
            )}
          </MaterialList>
        )}
      </MaterialsSection>
    </>
  );
}
