import { getBody, okFor, type AppContext } from '../../http.js';
import {
  courseOf,
  regfordisciplinesSlice,
} from '../../world/regfordisciplines/regfordisciplines.js';
import { teacherOptions } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The teachers of an optional discipline; none for a discipline outside the catalogue. */
export const regfordisciplinesGetOptionalTeachers =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesGetOptionalTeachers'>(c);
    const registration = store.get(regfordisciplinesSlice);
    const course = registration.electiveById.get(body.id_discipline);
    return okFor<'regfordisciplinesGetOptionalTeachers'>(
      c,
      teacherOptions(store, course && courseOf(registration, body)),
    );
  };
