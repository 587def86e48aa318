import { getBody, okFor, type AppContext } from '../../http.js';
import { classStudents, inSubgroup, journalOf, toJournal } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { teacherClass } from './teacher-class.js';

/** The journal of a subgroup of the signed-in teacher's class. */
export const visitlogGetJournal =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogGetJournal'>(c);
    const found = teacherClass(c, store, body);
    if ('denied' in found) return found.denied;
    const students = classStudents(store, found.cls).filter((s) => inSubgroup(s, body.subgroup));
    return okFor<'visitlogGetJournal'>(c, toJournal(journalOf(store, found.cls), students));
  };
