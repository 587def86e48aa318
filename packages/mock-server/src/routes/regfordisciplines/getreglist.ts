import { getBody, okFor, type AppContext } from '../../http.js';
import { universitySlice } from '../../world/core/university.js';
import {
  regfordisciplinesSlice,
  studentRows,
} from '../../world/regfordisciplines/regfordisciplines.js';
import { inSemester, toRow } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { signedInStudent } from './signed-in-student.js';

/** The student's rows of a semester, numbered: the study plan's first, then the electives. */
export const regfordisciplinesGetRegList =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesGetRegList'>(c);
    const me = signedInStudent(store, c);
    const registration = store.get(regfordisciplinesSlice);
    const { teacherById } = store.get(universitySlice);
    const rows = studentRows(store, me).filter(
      (row) => row.id_group === body.id_group && inSemester(row, body),
    );
    const ordered = [...rows.filter((r) => r.isByPlan), ...rows.filter((r) => !r.isByPlan)];
    return okFor<'regfordisciplinesGetRegList'>(
      c,
      ordered.map((row, i) => toRow(registration, teacherById, row, i + 1)),
    );
  };
