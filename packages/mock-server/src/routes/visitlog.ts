// Area "visitlog": kinds of lesson and mark options, the students of a class for a lesson date, the
// journal (teacher's and student's), and the writes: one visit, a whole class for a date, deleting
// a date. Only the teacher of a class reads its lists and journal or writes it (403 otherwise); a
// student reads only their own row.
import {
  createRouter,
  fail,
  getBody,
  getSession,
  okFor,
  type AppContext,
  type Schema,
} from '../http.js';
import type { Store } from '../world/core/store.js';
import { isStudent, isTeacher } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import { universitySlice, type Student, type Teacher } from '../world/core/university.js';
import {
  NO_MARK,
  assessments,
  classStudents,
  findClass,
  findOfferings,
  inSubgroup,
  isMarkOption,
  journalColumns,
  journalOf,
  kindsOf,
  lessonDateProblem,
  otsenkaOf,
  toJournal,
  toStudentRow,
  toVisitEntry,
  type VisitClass,
} from '../world/visitlog/visitlog.js';
import { LECTURE, lessonKinds } from '../world/core/lesson-kinds.js';
import type { RouteDeps } from './route-deps.js';

const NOT_YOURS = 'Forbidden: not a class of the signed-in teacher';
const emptyJournal = { resArray: [], data: [] };

/**
 * The class a teacher's request names, when the signed-in teacher holds it: the body's id_teacher
 * is the session's person and the class exists with that teacher. Undefined answers 403.
 */
function ownClass(store: Store, person: Teacher | Student, body: Schema<'VisitLogClass'>) {
  if (!isTeacher(person) || body.id_teacher !== person.id) return undefined;
  const cls = findClass(store, body);
  return cls && cls.id_teacher === person.id ? cls : undefined;
}

/** The signed-in person and the class their body names, or the 403 answer. */
function teacherClass(
  c: AppContext,
  store: Store,
  body: Schema<'VisitLogClass'>,
): { cls: VisitClass } | { denied: Response } {
  const { person } = whoIs(store, getSession(c));
  const cls = ownClass(store, person, body);
  return cls ? { cls } : { denied: fail(c, 403, NOT_YOURS) };
}

/** Whether a class request names the student's own group, or (isPotok) their group's stream. */
function namesOwnGroup(
  store: Store,
  student: Student,
  { id_groupOrPorok, isPotok }: { id_groupOrPorok: number; isPotok: boolean },
) {
  if (!isPotok) return id_groupOrPorok === student.id_group;
  return store.get(universitySlice).groupById.get(student.id_group)?.id_stream === id_groupOrPorok;
}

// The fields every row of an insert-all must share with the first.
const classFields = [
  'id_teacher',
  'id_discipline',
  'credits',
  'id_groupOrPorok',
  'isPotok',
  'id_semesterOrWs',
  'id_vid_zaniatiy',
  'visitDate',
] as const;

const badMark = (c: AppContext, at: string) =>
  fail(c, 400, `${at}/id_otsenka: must be -1 or an id_otsenka from getassessments`);

export const visitlogRoutes = ({ store }: RouteDeps) =>
  createRouter()
    // x-owner `class`: the teacher of the class, or a student of its group. A student names their
    // own group (or its stream, for lectures) whatever the class, else 403; they ask for the
    // teacher they chose, and another teacher gets no kinds. A teacher is refused a class that
    // another teacher holds. A class the world does not have has no kinds.
    .post('/api/visitlog/getvidzaniatiy', (c) => {
      const body = getBody<'visitlogGetVidZaniatiy'>(c);
      const { person } = whoIs(store, getSession(c));
      if (isStudent(person) && !namesOwnGroup(store, person, body)) {
        return fail(c, 403, 'Forbidden: not a class of the signed-in student’s group');
      }
      const offerings = findOfferings(store, body);
      const [first] = offerings;
      if (!first) return okFor<'visitlogGetVidZaniatiy'>(c, []);
      if (isTeacher(person) && first.id_teacher !== person.id) return fail(c, 403, NOT_YOURS);
      if (first.id_teacher !== body.id_teacher) return okFor<'visitlogGetVidZaniatiy'>(c, []);
      return okFor<'visitlogGetVidZaniatiy'>(c, kindsOf(store, offerings, body.isPotok));
    })

    .post('/api/visitlog/getassessments', (c) => {
      const { id_vid_zaniatiy } = getBody<'visitlogGetAssessments'>(c);
      const known = lessonKinds.some((v) => v.id_vid_zaniatiy === id_vid_zaniatiy);
      return okFor<'visitlogGetAssessments'>(c, known ? assessments : []);
    })

    .post('/api/visitlog/getstudentslist', (c) => {
      const found = teacherClass(c, store, getBody<'visitlogGetStudentsList'>(c));
      if ('denied' in found) return found.denied;
      return okFor<'visitlogGetStudentsList'>(c, classStudents(store, found.cls).map(toStudentRow));
    })

    .post('/api/visitlog/getstudentslistsubgroup', (c) => {
      const body = getBody<'visitlogGetStudentsListSubgroup'>(c);
      const found = teacherClass(c, store, body);
      if ('denied' in found) return found.denied;
      return okFor<'visitlogGetStudentsListSubgroup'>(
        c,
        classStudents(store, found.cls)
          .filter((s) => inSubgroup(s, body.subgroup))
          .map(toStudentRow),
      );
    })

    // What is stored for the date, for editing; a student without an entry shows as present,
    // unmarked, with the date's hours (2 for a date not held yet).
    .post('/api/visitlog/getstudentslistsubgroupupdate', (c) => {
      const body = getBody<'visitlogGetStudentsListSubgroupUpdate'>(c);
      const found = teacherClass(c, store, body);
      if ('denied' in found) return found.denied;
      const journal = journalOf(store, found.cls);
      const marks = journal.lessons.get(body.visitDate);
      const hours =
        journalColumns(journal).find((col) => col.visitDate === body.visitDate)?.timesCount ?? 2;
      return okFor<'visitlogGetStudentsListSubgroupUpdate'>(
        c,
        classStudents(store, found.cls)
          .filter((s) => inSubgroup(s, body.subgroup))
          .map((student) => {
            const entry = marks?.get(student.id);
            return {
              id_student: student.id,
              s_fio: student.fullName,
              id_group: student.id_group,
              isVisited: entry?.isVisited ?? true,
              id_otsenka: entry?.id_otsenka ?? NO_MARK,
              otsenka: otsenkaOf(entry),
              timesCount: entry?.timesCount ?? hours,
            };
          }),
      );
    })

    .post('/api/visitlog/getjournal', (c) => {
      const body = getBody<'visitlogGetJournal'>(c);
      const found = teacherClass(c, store, body);
      if ('denied' in found) return found.denied;
      const students = classStudents(store, found.cls).filter((s) => inSubgroup(s, body.subgroup));
      return okFor<'visitlogGetJournal'>(c, toJournal(journalOf(store, found.cls), students));
    })

    // The student's own row in the class of their group (practice, labs) or stream (lectures)
    // that the chosen teacher holds; an empty grid when there is no such class.
    .post('/api/visitlog/getjournalforstudent', (c) => {
      const body = getBody<'visitlogGetJournalForStudent'>(c);
      const { person } = whoIs(store, getSession(c));
      if (!isStudent(person) || body.id_student !== person.id) {
        return fail(c, 403, 'Forbidden: a student sees only their own journal');
      }
      const group = store.get(universitySlice).groupById.get(person.id_group);
      const isPotok = body.id_vid_zaniatiy === LECTURE;
      const cls =
        group &&
        findClass(store, {
          ...body,
          isPotok,
          id_groupOrPorok: isPotok ? group.id_stream : group.id_group,
        });
      if (!cls || cls.id_teacher !== body.id_teacher)
        return okFor<'visitlogGetJournalForStudent'>(c, emptyJournal);
      return okFor<'visitlogGetJournalForStudent'>(c, toJournal(journalOf(store, cls), [person]));
    })

    .post('/api/visitlog/studentvisitupdate', (c) => {
      const body = getBody<'visitlogUpdateVisit'>(c);
      const found = teacherClass(c, store, body);
      if ('denied' in found) return found.denied;
      if (!isMarkOption(body.id_otsenka)) return badMark(c, 'body');
      const problem = lessonDateProblem(store, found.cls, body.visitDate);
      if (problem) return fail(c, 400, `body/visitDate: ${problem}`);
      const entry = journalOf(store, found.cls).lessons.get(body.visitDate)?.get(body.id_student);
      if (!entry) return fail(c, 404, 'Not found: nothing stored for this student and date');
      Object.assign(entry, toVisitEntry(body));
      return okFor<'visitlogUpdateVisit'>(c, true);
    })

    // One date of one class; rows replace what is stored for their students on that date.
    .post('/api/visitlog/studentvisitinsertall', (c) => {
      const { visits } = getBody<'visitlogInsertAllVisits'>(c);
      const [first] = visits;
      if (!first) return fail(c, 400, 'body/visits: must NOT have fewer than 1 items');
      for (const [i, row] of visits.entries()) {
        const differs = classFields.find((field) => row[field] !== first[field]);
        if (differs) {
          return fail(
            c,
            400,
            `body/visits/${i}/${differs}: every row must be for one class and date`,
          );
        }
      }
      const found = teacherClass(c, store, first);
      if ('denied' in found) return found.denied;
      const problem = lessonDateProblem(store, found.cls, first.visitDate);
      if (problem) return fail(c, 400, `body/visits/0/visitDate: ${problem}`);
      const members = new Set(classStudents(store, found.cls).map((s) => s.id));
      const seen = new Set<number>();
      for (const [i, row] of visits.entries()) {
        if (!members.has(row.id_student)) {
          return fail(c, 400, `body/visits/${i}/id_student: not a student of this class`);
        }
        if (seen.has(row.id_student)) {
          return fail(c, 400, `body/visits/${i}/id_student: the student has another row`);
        }
        seen.add(row.id_student);
        if (!isMarkOption(row.id_otsenka)) return badMark(c, `body/visits/${i}`);
      }
      // every check passed: now store
      const { lessons } = journalOf(store, found.cls);
      const marks = lessons.get(first.visitDate) ?? new Map();
      for (const row of visits) marks.set(row.id_student, toVisitEntry(row));
      lessons.set(first.visitDate, marks);
      return okFor<'visitlogInsertAllVisits'>(c, true);
    })

    .post('/api/visitlog/journal/delete', (c) => {
      const body = getBody<'visitlogDeleteJournalDate'>(c);
      const found = teacherClass(c, store, body);
      if ('denied' in found) return found.denied;
      const { lessons } = journalOf(store, found.cls);
      if (!lessons.delete(body.visitDate)) return fail(c, 404, 'Not found: no lesson on this date');
      return okFor<'visitlogDeleteJournalDate'>(c, true);
    });
