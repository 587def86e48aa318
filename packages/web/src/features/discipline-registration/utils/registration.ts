import type { components } from '@lms/client';

type RegRow = components['schemas']['RegRow'];
type RegSaveRequest = components['schemas']['RegSaveRequest'];
type RegSaved = components['schemas']['RegSaved'];
type RegTeacher = components['schemas']['Teacher'];

/** A teacher picker's placeholder, and what a row holds when its teachers failed to load. */
export const NO_TEACHER = -1;
export const TEACHERS_FAILED = -100;
/** The stream picker's placeholder, subgroup 0 'Выберите поток'. */
export const NO_STREAM = 0;

/** A row is registered once it has an id_disciplineForStudent. */
export const isRegistered = (row: Pick<RegRow, 'id_disciplineForStudent'>) =>
  row.id_disciplineForStudent !== null;

/**
 * The teacher a row's picker shows: -100 when its teacher list failed, the one chosen
 * while it is offered, the only one when exactly one is offered, else -1.
 */
export function rowTeacher(
  teachers: { failed: boolean; list: readonly RegTeacher[] | undefined },
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
export function creditsOf(rows: readonly RegRow[]) {
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

const sameRow = (row: RegRow, key: Pick<RegRow, 'id_discipline' | 'id_vid_zaniatiy'>) =>
  row.id_discipline === key.id_discipline && row.id_vid_zaniatiy === key.id_vid_zaniatiy;

/** Save sets teacher, stream and id_disciplineForStudent on the row. */
export function withSaved(
  rows: readonly RegRow[] | undefined,
  body: Pick<RegSaveRequest, 'id_discipline' | 'id_vid_zaniatiy'>,
  saved: RegSaved,
): RegRow[] | undefined {
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
  rows: readonly RegRow[] | undefined,
  deleted: RegRow,
): RegRow[] | undefined {
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
