import { getBody, okFor, type AppContext } from '../../http.js';
import { classStudents, inSubgroup, toStudentRow } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { teacherClass } from './teacher-class.js';

/** The students of a subgroup of the signed-in teacher's class. */
export const visitlogGetStudentsListSubgroup =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogGetStudentsListSubgroup'>(c);
    const found = teacherClass(c, store, body);
    if ('denied' in found) return found.denied;
    return okFor<'visitlogGetStudentsListSubgroup'>(
      c,
      classStudents(store, found.cls)
        .filter((s) => inSubgroup(s, body.subgroup))
        .map(toStudentRow),
    );
  };
