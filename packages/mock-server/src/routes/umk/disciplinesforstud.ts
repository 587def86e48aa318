import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { whoIs } from '../../world/core/sessions.js';
import { groupOfferings } from '../../world/umk/umk.js';
import { disciplinesOf, studentGroupOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The disciplines of the student's group's plan in a semester. */
export const umkGetStudentDisciplines =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_semester } = getBody<'umkGetStudentDisciplines'>(c);
    const { person } = whoIs(store, getSession(c));
    const planned = groupOfferings(store, studentGroupOf(person), id_semester);
    return okFor<'umkGetStudentDisciplines'>(
      c,
      disciplinesOf(store, planned).map((d) => ({
        id_discipline: d.id_discipline,
        name: d.name,
        kredits: d.kredits,
        id_examination: d.id_examination,
      })),
    );
  };
