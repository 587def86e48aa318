import { fail, getBody, getSession, okFor, type AppContext } from '../../http.js';
import { remove } from '../../world/core/collections.js';
import { whoIs } from '../../world/core/sessions.js';
import { umkSlice } from '../../world/umk/umk.js';
import { ownsMaterial, publishToLibrary } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** Teachers only (x-roles), and only the owner. Its e-library copy goes with it. */
export const umkDeleteBook =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_books } = getBody<'umkDeleteBook'>(c);
    const { person } = whoIs(store, getSession(c));
    const umk = store.get(umkSlice);
    const item = umk.items.find((candidate) => candidate.id_books === id_books);
    if (!item) return fail(c, 404, `Not found: no material ${id_books}`);
    if (!ownsMaterial(person, item)) return fail(c, 403, 'Forbidden: only the owner may delete it');
    remove(umk.items, item);
    umk.files.delete(id_books);
    publishToLibrary(store, item, false);
    return okFor<'umkDeleteBook'>(c, true);
  };
