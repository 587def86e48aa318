// The valid request of each read, as a person may send it: the contract's example fed with what
// the server answered, and for the reads of a class, a class the teacher holds for the student's
// group (found once by discovery). Every sweep over the reads asks with these requests.
import { operations, type Operation } from '../index.js';
import { teacherClass, type TeacherClass } from './discovery.js';
import { validBody } from './lib/data.js';
import { ROLE_TEACHER } from './lib/roles.js';
import type { Actor, CheckRun } from './run.js';

export type ReadRequest = { body?: unknown; query?: Record<string, string> };

type ClassFields = (found: TeacherClass) => Record<string, unknown>;

// Reads of a teacher's class: the class must be one the teacher holds (403 otherwise).
const CLASS_READS: Record<string, ClassFields> = {
  visitlogGetStudentsList: ({ klass, dates }) => ({ ...klass, visitDate: dates.at(-1) }),
  visitlogGetStudentsListSubgroup: ({ klass, dates }) => ({
    ...klass,
    visitDate: dates.at(-1),
    subgroup: 0,
  }),
  visitlogGetStudentsListSubgroupUpdate: ({ klass, dates }) => ({
    ...klass,
    visitDate: dates.at(-1),
    subgroup: 0,
  }),
  visitlogGetJournal: ({ klass }) => ({ ...klass, subgroup: 0 }),
  // the students of the same class's group, as chat contacts
  disciplineGetStudents: ({ klass }) => ({
    id_discipline: klass.id_discipline,
    id_semester: klass.id_semesterOrWs,
    id_group: klass.id_groupOrPorok,
    isPotok: klass.isPotok,
  }),
};

// The student's own row in that class: a class the teacher holds for the student's group.
const STUDENT_CLASS_READS: Record<string, ClassFields> = {
  visitlogGetJournalForStudent: ({ klass }) => ({
    id_teacher: klass.id_teacher,
    id_discipline: klass.id_discipline,
    credits: klass.credits,
    id_semesterOrWs: klass.id_semesterOrWs,
    id_vid_zaniatiy: klass.id_vid_zaniatiy,
  }),
};

/** The reads behind a session: every sweep over the reads goes through these. */
export const readOperations = () => operations.filter((op) => !op.isPublic && !op.isWrite);

/** The valid request of a read: example and facts, with hints where those alone do not do. */
export async function readRequest(
  run: CheckRun,
  op: Operation,
  actor: Actor,
): Promise<ReadRequest> {
  const classRead = (actor.role === ROLE_TEACHER ? CLASS_READS : STUDENT_CLASS_READS)[
    op.operationId
  ];
  if (classRead) {
    const found = await teacherClass(run);
    if (found) return { body: validBody(op, actor.person, actor.facts, classRead(found)) };
  }
  if (op.operationId === 'downloadNewsFile') {
    const news = [...(run.answered.get('getNews')?.values() ?? [])].flat() as {
      id_eventMessage: number;
      fileName: string;
    }[];
    const item = news.find((n) => n?.fileName);
    const file = item?.fileName.split(';!;')[0];
    return {
      query:
        item && file
          ? { filename: `${item.id_eventMessage}_${file}`, type: '4' }
          : { filename: 'x', type: '4' },
    };
  }
  if (!op.requestBody) return {};
  return { body: validBody(op, actor.person, actor.facts) };
}

/** The first main person a read allows (x-roles). */
export const allowedActor = (run: CheckRun, op: Operation) =>
  run.mains().find((a) => !op.roles || op.roles.includes(a.role))!;

/** The person allowed to call a read, and the request it had accepted (or a fresh valid one). */
export async function allowedRequest(run: CheckRun, op: Operation) {
  const actor = allowedActor(run, op);
  const request =
    run.accepted.get(op.operationId)?.get(actor.key) ?? (await readRequest(run, op, actor));
  return { actor, request };
}
