// Discipline registration: a free plan row (or an elective the student lacks) registered, then
// deleted, so the student's own choices stay as they were.
import { ROLE_STUDENT } from '../lib/roles.js';
import { list, type Read, type Scenario } from './scenario.js';

interface Registration {
  /** saveregistration's body. */
  body: Record<string, unknown>;
  /** The row on the registration list that shows it. */
  isRow: (row: Record<string, unknown>) => boolean;
  /** True when deleting leaves the row (a plan row is cleared, an elective goes). */
  planRow: boolean;
}

/**
 * What the student can register without touching their own choices: a plan row with no choice
 * yet, else an elective they do not have (added here, removed below).
 */
async function freeRegistration(s: Scenario, listRequest: Record<string, unknown>) {
  const rows = list(s.run.answeredAs('regfordisciplinesGetRegList', ROLE_STUDENT));
  const uid = s.student.person.uid;
  const free = rows.find((row) => row.isByPlan && !row.id_disciplineForStudent);
  const choose = async (
    teachersOp: string,
    subgroupsOp: string,
    request: Record<string, unknown>,
  ) => {
    const teachers = list(await s.read(teachersOp, 2, request));
    const teacher = teachers.find((t) => (t.id_teacher as number) > 0);
    if (!teacher) return null;
    const subgroups = list(
      await s.read(subgroupsOp, 2, { ...request, id_teacher: teacher.id_teacher }),
    );
    const subgroup = subgroups.find((g) => (g.subgroup as number) > 0)?.subgroup;
    return subgroup === undefined ? null : { id_teacher: teacher.id_teacher, subgroup };
  };
  if (free) {
    const request = {
      id_a_year: free.id_a_year,
      id_semester: free.id_semester,
      id_group: free.id_group,
      id_discipline: free.id_discipline,
      id_kafedra: free.id_kafedra,
      kredits: free.kredits,
      id_examination: free.id_examination,
      id_vid_zaniatiy: free.id_vid_zaniatiy,
    };
    const choice = await choose(
      'regfordisciplinesGetTeachersForRegEl',
      'regfordisciplinesGetSubgroupsForRegEl',
      request,
    );
    if (choice) {
      return {
        body: { ...request, ...choice, uid, isByPlan: true },
        isRow: (row) => row.isByPlan === true && row.id_discipline === free.id_discipline,
        planRow: true,
      } satisfies Registration;
    }
  }
  const permitted = s.run.answeredAs('regfordisciplinesGetOptionalPermission', ROLE_STUDENT);
  const electives = list(s.run.answeredAs('regfordisciplinesGetOptionalDisciplines', ROLE_STUDENT));
  const taken = new Set(rows.map((row) => row.id_discipline));
  const elective = electives.find((d) => !taken.has(d.id_discipline));
  if (permitted !== true || !elective) return null;
  const request = {
    id_a_year: listRequest.id_a_year,
    id_semester: listRequest.id_semester,
    id_discipline: elective.id_discipline,
    id_vid_zaniatiy: elective.id_vid_zaniatiy,
  };
  const choice = await choose(
    'regfordisciplinesGetOptionalTeachers',
    'regfordisciplinesGetOptionalSubgroups',
    request,
  );
  if (!choice) return null;
  return {
    body: {
      ...request,
      ...choice,
      uid,
      isByPlan: false,
      id_group: listRequest.id_group,
      id_kafedra: elective.id_kafedra,
      kredits: elective.kredits,
      id_examination: elective.id_examination,
    },
    isRow: (row) => row.isByPlan === false && row.id_discipline === elective.id_discipline,
    planRow: false,
  } satisfies Registration;
}

export async function regfordisciplines(s: Scenario) {
  const ids = ['regfordisciplinesSaveRegistration', 'regfordisciplinesDeleteRegistration'];
  const listRequest = s.run.acceptedAs('regfordisciplinesGetRegList', ROLE_STUDENT)?.body as
    Record<string, unknown> | undefined;
  const found = listRequest ? await freeRegistration(s, listRequest) : null;
  if (!listRequest || !found) {
    const reason =
      'no free plan row or elective: registering would change the student’s own choices';
    return ids.forEach((id) => s.skip(id, reason));
  }
  const readRows: Read = () => s.read('regfordisciplinesGetRegList', ROLE_STUDENT, listRequest);
  const rowOf = (data: unknown) => list(data).find(found.isRow);
  const saved = await s.write(
    'regfordisciplinesSaveRegistration',
    ROLE_STUDENT,
    { body: found.body },
    readRows,
  );
  if (!saved) return s.skip(ids[1]!, 'nothing was registered');
  await s.shows(
    'regfordisciplinesSaveRegistration',
    readRows,
    (data) => rowOf(data)?.id_teacher === found.body.id_teacher,
    'the chosen teacher on the row',
  );
  const id = rowOf(await readRows())?.id_disciplineForStudent;
  if (!id) return s.skip(ids[1]!, 'the saved registration has no id');
  const removed = await s.write(
    'regfordisciplinesDeleteRegistration',
    ROLE_STUDENT,
    { body: { id_disciplineForStudent: id, uid: s.student.person.uid } },
    readRows,
  );
  if (removed) {
    await s.shows(
      'regfordisciplinesDeleteRegistration',
      readRows,
      (data) => (found.planRow ? !rowOf(data)?.id_disciplineForStudent : !rowOf(data)),
      found.planRow ? 'the row free again' : 'the elective gone',
    );
  }
}
