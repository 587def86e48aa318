import { getSession, okFor, type AppContext } from '../../http.js';
import { academicYears, toAcademicYear } from '../../world/core/calendar.js';
import { whoIs } from '../../world/core/sessions.js';
import { groupOf, universitySlice } from '../../world/core/university.js';
import type { RouteDeps } from '../route-deps.js';

/** A student's years run from the intake to now, newest first; a teacher gets every year. */
export const regfordisciplinesGetYears =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { person } = whoIs(store, getSession(c));
    const group = groupOf(store.get(universitySlice), person);
    const years = academicYears.filter((y) => !group || y.startYear >= group.intakeYear);
    return okFor<'regfordisciplinesGetYears'>(c, years.map(toAcademicYear).reverse());
  };
