import { fail, getBody, okFor, type AppContext } from '../../http.js';
import {
  isMarkOption,
  journalOf,
  lessonDateProblem,
  toVisitEntry,
} from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { badMark } from './bad-mark.js';
import { teacherClass } from './teacher-class.js';

/** Changes what is stored for one student on one date of the signed-in teacher's class. */
export const visitlogUpdateVisit =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
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
  };
