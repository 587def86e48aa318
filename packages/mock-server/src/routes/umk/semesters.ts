import { getSession, okFor, type AppContext } from '../../http.js';
import { calendarSlice, semesters } from '../../world/core/calendar.js';
import { isTeacher } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import type { RouteDeps } from '../route-deps.js';

/** The semesters in which the signed-in teacher teaches anything. */
export const umkGetSemesters =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { person } = whoIs(store, getSession(c));
    const taught = new Set(
      store
        .get(calendarSlice)
        .offerings.filter((o) => o.id_teacher === person.id && isTeacher(person))
        .map((o) => o.id_semester),
    );
    return okFor<'umkGetSemesters'>(
      c,
      semesters.filter((s) => taught.has(s.id_semester)),
    );
  };
