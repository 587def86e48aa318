import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { whoIs } from '../../world/core/sessions.js';
import { universitySlice } from '../../world/core/university.js';
import { hasOptionalPermission } from '../../world/regfordisciplines/regfordisciplines.js';
import type { RouteDeps } from '../route-deps.js';

/** Whether the signed-in person has the permission the body's attr names. */
export const regfordisciplinesGetOptionalPermission =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { attr } = getBody<'regfordisciplinesGetOptionalPermission'>(c);
    const { person } = whoIs(store, getSession(c));
    return okFor<'regfordisciplinesGetOptionalPermission'>(
      c,
      hasOptionalPermission(store.get(universitySlice), person, attr),
    );
  };
