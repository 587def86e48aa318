import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { whoIs } from '../../world/core/sessions.js';
import { universitySlice } from '../../world/core/university.js';
import {
  isPlanned,
  isUmkVisibleTo,
  newestFirst,
  toUmkItem,
  type UmkRecord,
} from '../../world/umk/umk.js';
import { materialsOf, studentGroupOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

const byName = new Intl.Collator('ru');

/**
 * The materials a student may see for a discipline of their group's plan, of one teacher or
 * (id_teacher -1) of all: grouped by teacher, each teacher's newest first.
 */
export const umkGetStudentList =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'umkGetStudentList'>(c);
    const { person } = whoIs(store, getSession(c));
    const id_group = studentGroupOf(person);
    if (!isPlanned(store, id_group, body)) return okFor<'umkGetStudentList'>(c, []);
    const { teacherById } = store.get(universitySlice);
    const fio = (item: UmkRecord) => teacherById.get(item.id_teacher)?.fullName ?? '';
    const items = materialsOf(store, body)
      .filter(
        (item) =>
          (body.id_teacher === -1 || item.id_teacher === body.id_teacher) &&
          isUmkVisibleTo(store, item, person),
      )
      .sort((a, b) => byName.compare(fio(a), fio(b)) || newestFirst(a, b));
    return okFor<'umkGetStudentList'>(
      c,
      items.map((item) => toUmkItem(item, fio(item))),
    );
  };
