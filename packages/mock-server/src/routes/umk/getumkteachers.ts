import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { isStudent } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import { studyKindOf } from '../../world/core/study-kind.js';
import { universitySlice } from '../../world/core/university.js';
import { isForKind, isPlanned } from '../../world/umk/umk.js';
import { materialsOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

const byName = new Intl.Collator('ru');

/**
 * Any signed-in user: a student gets the owners of the materials aimed at their form of study in
 * their own group's plan; a teacher, those of the group named in the body. By name.
 */
export const umkGetTeachers =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'umkGetTeachers'>(c);
    const { person } = whoIs(store, getSession(c));
    const university = store.get(universitySlice);
    const id_group = isStudent(person) ? person.id_group : body.id_group;
    if (!isPlanned(store, id_group, body)) return okFor<'umkGetTeachers'>(c, []);
    const kind = isStudent(person) ? studyKindOf(university, id_group) : undefined;
    const owners = new Set(
      materialsOf(store, body)
        .filter((item) => kind === undefined || isForKind(store, item, kind))
        .map((item) => item.id_teacher),
    );
    const teachers = [...owners]
      .flatMap((id) => university.teacherById.get(id) ?? [])
      .map((t) => ({ id_teacher: t.id, t_fio: t.fullName }))
      .sort((a, b) => byName.compare(a.t_fio, b.t_fio));
    return okFor<'umkGetTeachers'>(c, teachers);
  };
