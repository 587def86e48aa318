import { getBody, okFor, type AppContext } from '../../http.js';
import {
  courseOf,
  regfordisciplinesSlice,
} from '../../world/regfordisciplines/regfordisciplines.js';
import { teacherOptions } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The teachers of a row's discipline and kind of lesson. */
export const regfordisciplinesGetTeachersForRegEl =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesGetTeachersForRegEl'>(c);
    return okFor<'regfordisciplinesGetTeachersForRegEl'>(
      c,
      teacherOptions(store, courseOf(store.get(regfordisciplinesSlice), body)),
    );
  };
