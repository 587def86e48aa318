import type { components } from '@lms/client';
import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';

type RegistrationRow = components['schemas']['RegRow'];
type RegistrationSaveRequest = components['schemas']['RegSaveRequest'];
type RegistrationSaved = components['schemas']['RegSaved'];
type RegistrationTeacher = components['schemas']['Teacher'];

/** A teacher picker's placeholder, and what a row holds when its teachers failed to load. */
export const NO_TEACHER = -1;
export const TEACHERS_FAILED = -100;
/** The stream picker's placeholder, subgroup 0 'Выберите поток'. */
export const NO_STREAM = 0;

/** A teacher and one of that teacher's streams, as picked (placeholders until picked). */
export interface TeacherStream {
  teacher: number;
  stream: number;
}

export const NO_TEACHER_STREAM: TeacherStream = { teacher: NO_TEACHER, stream: NO_STREAM };

/** An elective being added: its discipline, then teacher and stream. */
interface OptionalChoice extends TeacherStream {
  discipline: number;
}

export const NO_OPTIONAL_CHOICE: OptionalChoice = {
  discipline: PLACEHOLDER_ID,
  ...NO_TEACHER_STREAM,
};

type RowIdentity = Pick<
  RegistrationRow,
  'id_a_year' | 'id_semester' | 'id_group' | 'id_discipline' | 'id_vid_zaniatiy'
>;
type Period = Pick<RegistrationRow, 'id_a_year' | 'id_semester' | 'id_group'>;

/**
 * The draft of one row's choices: the row is its period (year, semester, group), discipline and
 * kind of lesson, so one row's choices never show on another. The person is the draft's owner.
 */
export const rowDraftKey = (row: RowIdentity) =>
  `discipline-registration:row:${row.id_a_year}:${row.id_semester}:${row.id_group}:${row.id_discipline}:${row.id_vid_zaniatiy}`;

/** The draft of the elective being added in one period. */
export const optionalDraftKey = (period: Period) =>
  `discipline-registration:optional:${period.id_a_year}:${period.id_semester}:${period.id_group}`;

/** A row is registered once it has an id_disciplineForStudent. */
export const isRegistered = (row: Pick<RegistrationRow, 'id_disciplineForStudent'>) =>
  row.id_disciplineForStudent !== null;

/**
 * The teacher a row's picker shows: -100 when its teacher list failed, the one chosen
 * while it is offered, the only one when exactly one is offered, else -1.
 */
export function rowTeacher(
  teachers: { failed: boolean; list: readonly RegistrationTeacher[] | undefined },
  chosen: number,
): number {
  if (teachers.failed) return TEACHERS_FAILED;
  const list = teachers.list ?? [];
  if (list.some((teacher) => teacher.id_teacher === chosen)) return chosen;
  const [only] = list;
  return list.length === 1 && only ? only.id_teacher : NO_TEACHER;
}

/** Whose streams to ask for: a real teacher (not -1 nor -100), else nobody. */
export const streamsTeacher = (teacher: number) =>
  teacher === NO_TEACHER || teacher === TEACHERS_FAILED ? null : teacher;

/**
 * The semester's credits: of the disciplines listed, and of those the student is registered for
 * (every kind of lesson of it: lectures and practice). A discipline's credits count once.
 */
export function creditsOf(rows: readonly RegistrationRow[]) {
  const byDiscipline = new Map<number, { kredits: number; registered: boolean }>();
  for (const row of rows) {
    const seen = byDiscipline.get(row.id_discipline);
    byDiscipline.set(row.id_discipline, {
      kredits: row.kredits,
      registered: (seen?.registered ?? true) && isRegistered(row),
    });
  }
  let registered = 0;
  let total = 0;
  for (const discipline of byDiscipline.values()) {
    total += discipline.kredits;
    if (discipline.registered) registered += discipline.kredits;
  }
  return { registered, total };
}

const sameRow = (
  row: RegistrationRow,
  key: Pick<RegistrationRow, 'id_discipline' | 'id_vid_zaniatiy'>,
) => row.id_discipline === key.id_discipline && row.id_vid_zaniatiy === key.id_vid_zaniatiy;

/** Save sets teacher, stream and id_disciplineForStudent on the row. */
export function withSaved(
  rows: readonly RegistrationRow[] | undefined,
  body: Pick<RegistrationSaveRequest, 'id_discipline' | 'id_vid_zaniatiy'>,
  saved: RegistrationSaved,
): RegistrationRow[] | undefined {
  return rows?.map((row) =>
    sameRow(row, body)
      ? {
          ...row,
          id_teacher: saved.id_teacher,
          t_fio: saved.t_fio,
          subgroup: saved.subgroup,
          id_disciplineForStudent: saved.id_disciplineForStudent,
        }
      : row,
  );
}

/** Delete clears teacher, stream and id on a plan row and removes any other row. */
export function withDeleted(
  rows: readonly RegistrationRow[] | undefined,
  deleted: RegistrationRow,
): RegistrationRow[] | undefined {
  if (!rows) return rows;
  if (!deleted.isByPlan) return rows.filter((row) => !sameRow(row, deleted));
  return rows.map((row) =>
    sameRow(row, deleted)
      ? {
          ...row,
          id_teacher: null,
          t_fio: null,
          subgroup: NO_STREAM,
          id_disciplineForStudent: null,
        }
      : row,
  );
}
