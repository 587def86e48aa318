// What the registration routes ask of the world besides regfordisciplines.ts: the current year, the
// teachers and streams offered for a course, and a student's rows as the contract's RegRow.
import type { components } from '@lms/client/schema';
import type { Store } from '../core/store.js';
import { universitySlice, type Teacher } from '../core/university.js';
import {
  courseOf,
  regfordisciplinesSlice,
  type Course,
  type RegRecord,
  type Registration,
} from './regfordisciplines.js';

/** The teachers offered for a course (a plan row or an elective). */
export function teacherOptions(store: Store, course: Course | undefined) {
  const { teacherById } = store.get(universitySlice);
  return (course?.teachers ?? []).flatMap(({ id_teacher }) => {
    const teacher = teacherById.get(id_teacher);
    return teacher ? [{ id_teacher, t_fio: teacher.fullName }] : [];
  });
}

/** The streams a teacher of a course teaches it in. */
export function streamOptions(store: Store, body: components['schemas']['RegSubgroupsRequest']) {
  const course = courseOf(store.get(regfordisciplinesSlice), body);
  const teacher = course?.teachers.find((t) => t.id_teacher === body.id_teacher);
  return (teacher?.streams ?? []).map(({ subgroup, dop_potokname }) => ({
    subgroup,
    dop_potokname,
  }));
}

/** The contract's RegRow for one of a student's rows. */
export function toRow(
  registration: Registration,
  teacherById: Map<number, Teacher>,
  row: RegRecord,
  num: number,
) {
  const course = courseOf(registration, row);
  return {
    num,
    id_teacher: row.id_teacher,
    t_fio: row.id_teacher === null ? null : (teacherById.get(row.id_teacher)?.fullName ?? null),
    subgroup: row.subgroup,
    id_disciplineForStudent: row.id_disciplineForStudent,
    isByPlan: row.isByPlan,
    id_a_year: row.id_a_year,
    id_semester: row.id_semester,
    id_kafedra: course?.id_kafedra ?? 0,
    id_discipline: row.id_discipline,
    disciplineName: course?.name ?? '',
    kredits: course?.kredits ?? 0,
    id_examination: course?.id_examination ?? 1,
    id_group: row.id_group,
    id_student: row.id_student,
    id_vid_zaniatiy: row.id_vid_zaniatiy,
  };
}

/** Whether a row belongs to the request's year and semester. */
export const inSemester = (row: RegRecord, body: { id_a_year: number; id_semester: number }) =>
  row.id_a_year === body.id_a_year && row.id_semester === body.id_semester;
