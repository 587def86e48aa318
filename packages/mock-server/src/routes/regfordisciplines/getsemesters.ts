import { getBody, okFor, type AppContext } from '../../http.js';
import { semesters } from '../../world/core/calendar.js';
import { universitySlice } from '../../world/core/university.js';
import {
  groupSemesters,
  regfordisciplinesSlice,
} from '../../world/regfordisciplines/regfordisciplines.js';
import type { RouteDeps } from '../route-deps.js';

/** The semesters a group studies in an academic year. */
export const regfordisciplinesGetSemesters =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_group, id_a_year } = getBody<'regfordisciplinesGetSemesters'>(c);
    const group = store.get(universitySlice).groupById.get(id_group);
    const registration = store.get(regfordisciplinesSlice);
    const pairs = group ? groupSemesters(registration, group) : [];
    return okFor<'regfordisciplinesGetSemesters'>(
      c,
      pairs
        .filter((pair) => pair.id_a_year === id_a_year)
        .flatMap(({ id_semester }) => semesters.filter((s) => s.id_semester === id_semester)),
    );
  };
