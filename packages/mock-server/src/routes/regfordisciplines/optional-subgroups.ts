import { getBody, okFor, type AppContext } from '../../http.js';
import { regfordisciplinesSlice } from '../../world/regfordisciplines/regfordisciplines.js';
import { streamOptions } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** A teacher's streams of an optional discipline; none for a discipline outside the catalogue. */
export const regfordisciplinesGetOptionalSubgroups =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesGetOptionalSubgroups'>(c);
    const registration = store.get(regfordisciplinesSlice);
    return okFor<'regfordisciplinesGetOptionalSubgroups'>(
      c,
      registration.electiveById.has(body.id_discipline) ? streamOptions(store, body) : [],
    );
  };
