// An answer about a teacher's class lists only the students of the class: a journal, a students
// list or a visit log that lists a student of another group gives the teacher someone else's data.
// The class's students are what the server itself says: the group each row names, the class's
// own students list (visitlog getstudentslist), and the second student's group (another group
// than the first student's, whose group the class is).
import { ROLE_TEACHER } from '../lib/roles.js';
import { actorName, dataOf, isOk, type Actor, type CheckRun } from '../run.js';

interface Row {
  /** Where the row is in the answer ('/data/data/3'). */
  at: string;
  /** The field naming the student, and its value. */
  idField: string;
  id: unknown;
  /** The group the row says the student is in, if it says. */
  group: unknown;
}

interface ClassAnswer {
  /** What the answer is, in the failure's words. */
  what: string;
  rows: (data: unknown) => Row[];
  /** The request field naming the class's group (or its stream, when isPotok is true). */
  groupField: string;
  /** The class's own students list answers for the same class: its students must be on it. */
  onStudentsList: boolean;
}

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? (value as Record<string, unknown>[]) : [];

const rowsOf =
  (idField: string, groupField: string, inner?: string) =>
  (data: unknown): Row[] => {
    const items = inner ? list((data as Record<string, unknown> | null)?.[inner]) : list(data);
    return items.map((item, index) => ({
      at: `/data${inner ? `/${inner}` : ''}/${index}`,
      idField,
      id: item[idField],
      group: item[groupField],
    }));
  };

// The class's students list comes first: the answers after it are compared with it.
const CLASS_ANSWERS: Record<string, ClassAnswer> = {
  visitlogGetStudentsList: {
    what: 'students list',
    rows: rowsOf('id_student', 'id_group'),
    groupField: 'id_groupOrPorok',
    onStudentsList: false,
  },
  visitlogGetStudentsListSubgroup: {
    what: 'subgroup students list',
    rows: rowsOf('id_student', 'id_group'),
    groupField: 'id_groupOrPorok',
    onStudentsList: true,
  },
  visitlogGetStudentsListSubgroupUpdate: {
    what: 'visit log of a lesson date',
    rows: rowsOf('id_student', 'id_group'),
    groupField: 'id_groupOrPorok',
    onStudentsList: true,
  },
  visitlogGetJournal: {
    what: 'journal',
    rows: rowsOf('id_student', 'id_group', 'data'),
    groupField: 'id_groupOrPorok',
    onStudentsList: true,
  },
  disciplineGetStudents: {
    what: 'students (chat contacts)',
    rows: rowsOf('idid', 'group'),
    groupField: 'id_group',
    onStudentsList: false,
  },
};

// The fields that name a visit log class: two requests with the same values ask the same class.
const CLASS_FIELDS = [
  'id_teacher',
  'id_discipline',
  'credits',
  'id_groupOrPorok',
  'isPotok',
  'id_semesterOrWs',
  'id_vid_zaniatiy',
];
const classKey = (body: Record<string, unknown>) =>
  JSON.stringify(CLASS_FIELDS.map((field) => body[field]));

/** The first row of a student outside the class, in words; null when every row is of the class. */
function outsider(
  rows: readonly Row[],
  group: number | undefined,
  second: Actor | undefined,
  studentsList: ReadonlySet<unknown> | undefined,
): string | null {
  const secondGroup = second?.person.id_group;
  for (const row of rows) {
    const student = `${row.at}/${row.idField} ${JSON.stringify(row.id)}`;
    if (group !== undefined && row.group !== undefined && row.group !== group) {
      return `${student}, of group ${JSON.stringify(row.group)}`;
    }
    if (
      group !== undefined &&
      second &&
      secondGroup !== undefined &&
      secondGroup !== group &&
      row.id === second.person.id
    ) {
      return `${student}: ${actorName(second)}, of group ${secondGroup}`;
    }
    if (studentsList && !studentsList.has(row.id)) {
      return `${student}, whom the class's own students list does not have`;
    }
  }
  return null;
}

/**
 * Asks each class answer again as the teacher, with the request it accepted, and fails the owner
 * check of any answer that lists a student outside the class. A stream's groups are not known:
 * its answers are compared with its students list only.
 */
export async function classAnswers(run: CheckRun) {
  const teacher = run.main(ROLE_TEACHER);
  const second = run.actor('student2');
  let studentsList: { key: string; ids: Set<unknown> } | undefined;
  for (const [operationId, shape] of Object.entries(CLASS_ANSWERS)) {
    const op = run.op(operationId);
    const request = run.accepted.get(operationId)?.get(teacher.key);
    const body = request?.body as Record<string, unknown> | undefined;
    if (!request || !body) continue;
    const answer = await run.call(
      teacher.client,
      op,
      request,
      `the ${shape.what} of the teacher's class`,
    );
    if (!isOk(answer)) continue;
    const rows = shape.rows(dataOf(answer));
    const key = classKey(body);
    if (operationId === 'visitlogGetStudentsList') {
      studentsList = { key, ids: new Set(rows.map((row) => row.id)) };
    }
    const groupValue = body.isPotok === true ? undefined : body[shape.groupField];
    const group = typeof groupValue === 'number' ? groupValue : undefined;
    const found = outsider(
      rows,
      group,
      second,
      shape.onStudentsList && studentsList?.key === key ? studentsList.ids : undefined,
    );
    if (found) {
      const of = group === undefined ? 'a stream' : `group ${group}`;
      run.fail(
        op,
        'owner',
        `the ${shape.what} of ${actorName(teacher)}'s class (${of}) lists a student outside it: ${found}`,
      );
    }
  }
}
