import { getBody, okFor, type AppContext } from '../../http.js';
import { classStudents, toStudentRow } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { teacherClass } from './teacher-class.js';

/** The students of the signed-in teacher's class. */
export const visitlogGetStudentsList =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const found = teacherClass(c, store, getBody<'visitlogGetStudentsList'>(c));
    if ('denied' in found) return found.denied;
    return okFor<'visitlogGetStudentsList'>(c, classStudents(store, found.cls).map(toStudentRow));
  };
