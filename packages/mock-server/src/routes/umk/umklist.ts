import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { whoIs } from '../../world/core/sessions.js';
import { isUmkVisibleTo, newestFirst, toUmkItem } from '../../world/umk/umk.js';
import { materialsOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The signed-in teacher's materials for a discipline row, newest first. */
export const umkGetList =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'umkGetList'>(c);
    const { person } = whoIs(store, getSession(c));
    const items = materialsOf(store, body)
      .filter((item) => isUmkVisibleTo(store, item, person))
      .sort(newestFirst);
    return okFor<'umkGetList'>(
      c,
      items.map((item) => toUmkItem(item, person.fullName)),
    );
  };
