import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { calendarSlice } from '../../world/core/calendar.js';
import { isTeacher } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import { examinationsOf, specialityId, specialityName } from '../../world/umk/umk.js';
import { disciplinesOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

const byName = new Intl.Collator('ru');

/**
 * The signed-in teacher's disciplines in a semester, by name, one row per form of control: the
 * row a teacher picks to manage its materials.
 */
export const umkGetDisciplines =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_semester } = getBody<'umkGetDisciplines'>(c);
    const { person } = whoIs(store, getSession(c));
    const taught = store
      .get(calendarSlice)
      .offerings.filter(
        (o) => o.id_teacher === person.id && isTeacher(person) && o.id_semester === id_semester,
      );
    const rows = disciplinesOf(store, taught)
      .sort((a, b) => byName.compare(a.name, b.name) || a.id_discipline - b.id_discipline)
      .flatMap((d) =>
        examinationsOf(d).map((e) => ({
          id_discipline: d.id_discipline,
          name: d.name,
          kredits: d.kredits,
          id_examination: e.id_examination,
          examinationName: e.name,
          id_speciality: specialityId(d.specialty),
          specialityName: specialityName(d.specialty),
        })),
      );
    return okFor<'umkGetDisciplines'>(c, rows);
  };
