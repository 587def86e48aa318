import { useState } from 'react';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { PortalUser } from '../../../lib/session/roles';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useTeacherDisciplines, type MaterialDiscipline } from '../api/get-teacher-disciplines';
import { useTeacherSemesters } from '../api/get-teacher-semesters';
import { rowsOf } from '../utils/material-rows';
import { useSharedClass } from './use-shared-class';

/** What the teacher's pickers choose: the row's links and the kind the list is filtered by. */
export interface TeacherChoice {
  semester: number;
  discipline: number;
  examination: number;
  type: number;
}

/**
 * The row a teacher's material is saved for (semester, discipline, form of control) as the pickers
 * choose it, and the kind that only filters the list. Semester and discipline are the shared
 * class's; the first semester is active until another is chosen (as the shell's semester list),
 * and a discipline with one form of control has it chosen at once.
 */
export function useTeacherMaterialRow(
  user: Pick<PortalUser, 'uid'>,
  academic: Pick<AcademicContext, 'discipline' | 'semester' | 'choose'>,
) {
  const words = useVocabulary();
  const semesters = useTeacherSemesters(user.uid);
  const shared = useSharedClass(academic, { examination: PLACEHOLDER_ID });
  const [type, setType] = useState(PLACEHOLDER_ID);
  const chosen: TeacherChoice = { ...shared.chosen, type };

  const semesterList = semesters.data ?? [];
  const semester =
    offeredId(semesterList, chosen.semester, (s) => s.id_semester) !== PLACEHOLDER_ID
      ? chosen.semester
      : (semesterList[0]?.id_semester ?? PLACEHOLDER_ID);
  const disciplines = useTeacherDisciplines(
    semester === PLACEHOLDER_ID ? null : { uid: user.uid, id_semester: semester },
  );
  const allRows = disciplines.data ?? [];
  const discipline = offeredId(allRows, chosen.discipline, (r) => r.id_discipline);
  const rows = rowsOf(allRows, discipline);
  const examination =
    rows.length === 1
      ? (rows[0]?.id_examination ?? PLACEHOLDER_ID)
      : offeredId(rows, chosen.examination, (r) => r.id_examination);
  const row: MaterialDiscipline | undefined = rows.find((r) => r.id_examination === examination);
  const examinationName = (r: MaterialDiscipline) =>
    words.examination(r.id_examination, r.examinationName);

  /** A link of the row (the semester clears those below it) or the kind. */
  const choose = (next: Partial<TeacherChoice>) => {
    const { type: nextType, ...link } = next;
    if (nextType !== undefined) setType(nextType);
    shared.choose(link);
  };

  return {
    semesters,
    semester,
    disciplines,
    allRows,
    discipline,
    rows,
    examination,
    /** The row chosen, once its three links are. */
    row,
    /** 'Базы данных · Экзамен': what a material is saved for ('' until the row is chosen). */
    rowLabel: row ? `${row.name} · ${examinationName(row)}` : '',
    examinationName,
    type,
    choose,
    /** A discipline of the semester shown, chosen in the shared context too. */
    chooseDiscipline: (id: number) => shared.chooseDiscipline(semester, id),
  };
}

export type TeacherMaterialRow = ReturnType<typeof useTeacherMaterialRow>;
