import { getSession, okFor, type AppContext } from '../../http.js';
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  calendarSlice,
  semesters,
} from '../../world/core/calendar.js';
import { whoIs } from '../../world/core/sessions.js';
import { studentGroupOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The semesters the student's group has studied so far: up to the current year and ws. */
export const umkGetStudentSemesters =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { person } = whoIs(store, getSession(c));
    const id_group = studentGroupOf(person);
    const studied = new Set(
      store
        .get(calendarSlice)
        .offerings.filter(
          (o) =>
            o.id_group === id_group &&
            (o.id_a_year < CURRENT_YEAR_ID ||
              (o.id_a_year === CURRENT_YEAR_ID && o.ws <= CURRENT_WS)),
        )
        .map((o) => o.id_semester),
    );
    return okFor<'umkGetStudentSemesters'>(
      c,
      semesters.filter((s) => studied.has(s.id_semester)),
    );
  };
