import { fail, getBody, okFor, type AppContext, type RequestBody } from '../../http.js';
import {
  classStudents,
  isMarkOption,
  journalOf,
  lessonDateProblem,
  toVisitEntry,
  type VisitClass,
} from '../../world/visitlog/visitlog.js';
import type { Store } from '../../world/core/store.js';
import type { RouteDeps } from '../route-deps.js';
import { badMark } from './bad-mark.js';
import { teacherClass } from './teacher-class.js';

type Visits = RequestBody<'visitlogInsertAllVisits'>['visits'];

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

/** The 400 for the first row that names another class or date than the first row; else none. */
function otherClassRow(c: AppContext, first: Visits[number], visits: Visits) {
  for (const [i, row] of visits.entries()) {
    const differs = classFields.find((field) => row[field] !== first[field]);
    if (differs) {
      return fail(c, 400, `body/visits/${i}/${differs}: every row must be for one class and date`);
    }
  }
  return undefined;
}

/**
 * The 400 for the first row that names no student of the class, a student of an earlier row, or
 * no mark option; else none.
 */
function badStudentRow(c: AppContext, store: Store, cls: VisitClass, visits: Visits) {
  const members = new Set(classStudents(store, cls).map((s) => s.id));
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
  return undefined;
}

/** One date of one class; rows replace what is stored for their students on that date. */
export const visitlogInsertAllVisits =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { visits } = getBody<'visitlogInsertAllVisits'>(c);
    const [first] = visits;
    if (!first) return fail(c, 400, 'body/visits: must NOT have fewer than 1 items');
    const otherClass = otherClassRow(c, first, visits);
    if (otherClass) return otherClass;
    const found = teacherClass(c, store, first);
    if ('denied' in found) return found.denied;
    const problem = lessonDateProblem(store, found.cls, first.visitDate);
    if (problem) return fail(c, 400, `body/visits/0/visitDate: ${problem}`);
    const badRow = badStudentRow(c, store, found.cls, visits);
    if (badRow) return badRow;
    // every check passed: now store
    const { lessons } = journalOf(store, found.cls);
    const marks = lessons.get(first.visitDate) ?? new Map();
    for (const row of visits) marks.set(row.id_student, toVisitEntry(row));
    lessons.set(first.visitDate, marks);
    return okFor<'visitlogInsertAllVisits'>(c, true);
  };
