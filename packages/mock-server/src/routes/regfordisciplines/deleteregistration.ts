import { fail, getBody, okFor, type AppContext } from '../../http.js';
import {
  findRegistration,
  regfordisciplinesSlice,
  studentRows,
} from '../../world/regfordisciplines/regfordisciplines.js';
import type { RouteDeps } from '../route-deps.js';
import { signedInStudent } from './signed-in-student.js';

/**
 * Only the student's own registration: a plan row stays, unregistered (no id, teacher or stream);
 * an elective row goes.
 */
export const regfordisciplinesDeleteRegistration =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_disciplineForStudent: id } = getBody<'regfordisciplinesDeleteRegistration'>(c);
    const me = signedInStudent(store, c);
    studentRows(store, me);
    const row = findRegistration(store, id);
    if (!row) return fail(c, 404, 'Not found');
    if (row.id_student !== me.id) return fail(c, 403, 'Forbidden: not your registration');
    const registration = store.get(regfordisciplinesSlice);
    registration.byId.delete(id);
    if (row.isByPlan) {
      row.id_disciplineForStudent = null;
      row.id_teacher = null;
      row.subgroup = 0;
    } else {
      const rows = studentRows(store, me);
      rows.splice(rows.indexOf(row), 1);
    }
    return okFor<'regfordisciplinesDeleteRegistration'>(c, true);
  };
