// Finding what the writes and some reads need on the server under test: a discipline the student
// studies with the teacher, and a class of the teacher's (its kind of lesson and lesson dates).
import { readAs, type CheckRun } from './run.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from './lib/roles.js';

const list = (data: unknown): Record<string, unknown>[] =>
  Array.isArray(data) ? (data as Record<string, unknown>[]) : [];

export interface SharedClass {
  id_discipline: number;
  kredits: number;
  studentSemester: number;
  id_group: number;
}

/** A discipline the student studies with the teacher: for the chat and the journal. */
export async function sharedClass(run: CheckRun): Promise<SharedClass | null> {
  const found = run.memo.get('sharedClass');
  if (found !== undefined) return found as SharedClass | null;
  const result = await findSharedClass(run);
  run.memo.set('sharedClass', result);
  return result;
}

async function findSharedClass(run: CheckRun): Promise<SharedClass | null> {
  const teacher = run.main(ROLE_TEACHER);
  const read = (id: string, role: Role, overrides: Record<string, unknown>) =>
    readAs(run, run.main(role), id, overrides);
  const disciplines = list(run.answeredAs('disciplineGetStudentList', ROLE_STUDENT));
  for (const discipline of disciplines.slice(0, 8)) {
    const id_discipline = discipline.id_discipline as number;
    const semesters = list(await read('disciplineGetStudentSemesters', 2, { id_discipline }));
    const id_semester = semesters[0]?.id_semester as number | undefined;
    if (id_semester === undefined) continue;
    const groups = list(
      await read('disciplineGetStudentGroups', 2, { id_discipline, id_semester }),
    );
    const group = groups.find((g) => !g.isPotok);
    if (!group) continue;
    const teachers = list(
      await read('disciplineGetTeachers', 2, {
        id_discipline,
        id_semester,
        id_group: group.id_group,
        isPotok: false,
      }),
    );
    if (teachers.some((t) => t.idid === teacher.person.id)) {
      return {
        id_discipline,
        kredits: discipline.kredits as number,
        studentSemester: id_semester,
        id_group: group.id_group as number,
      };
    }
  }
  return null;
}

export interface TeacherClass {
  /** The visit log class fields (VisitLogClass). */
  klass: {
    id_teacher: number;
    id_discipline: number;
    credits: number;
    id_groupOrPorok: number;
    isPotok: boolean;
    id_semesterOrWs: number;
    id_vid_zaniatiy: number;
  };
  /** Its lesson dates, oldest first (at least one). */
  dates: string[];
}

/** A class the teacher holds for the student's group, with lesson dates. */
export async function teacherClass(run: CheckRun): Promise<TeacherClass | null> {
  const memo = run.memo.get('teacherClass');
  if (memo !== undefined) return memo as TeacherClass | null;
  const teacher = run.main(ROLE_TEACHER);
  const shared = await sharedClass(run);
  let result: TeacherClass | null = null;
  if (shared) {
    const { id_discipline } = shared;
    const semesters = list(await readAs(run, teacher, 'disciplineGetSemesters', { id_discipline }));
    for (const semester of semesters) {
      const id_semester = semester.id_semester as number;
      const groups = list(
        await readAs(run, teacher, 'disciplineGetGroups', { id_discipline, id_semester }),
      );
      if (!groups.some((g) => g.id_group === shared.id_group && !g.isPotok)) continue;
      const cls = {
        id_teacher: teacher.person.id,
        id_discipline,
        credits: shared.kredits,
        id_groupOrPorok: shared.id_group,
        isPotok: false,
        id_semesterOrWs: id_semester,
      };
      const kinds = list(await readAs(run, teacher, 'visitlogGetVidZaniatiy', cls));
      const kind = kinds[0]?.id_vid_zaniatiy as number | undefined;
      if (kind === undefined) continue;
      const klass = { ...cls, id_vid_zaniatiy: kind };
      const journal = (await readAs(run, teacher, 'visitlogGetJournal', {
        ...klass,
        subgroup: 0,
      })) as {
        resArray?: { visitDate: string }[];
      } | null;
      const dates = (journal?.resArray ?? []).map((d) => d.visitDate);
      if (dates.length === 0) continue;
      result = { klass, dates };
      break;
    }
  }
  run.memo.set('teacherClass', result);
  return result;
}
