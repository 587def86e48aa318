import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { whoIs } from '../../world/core/sessions.js';
import { examinationsOf, groupOfferings } from '../../world/umk/umk.js';
import { disciplinesOf, studentGroupOf } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The forms of control of a discipline in the student's group's plan; none outside the plan. */
export const umkGetStudentExamTypes =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_semester, id_discipline } = getBody<'umkGetStudentExamTypes'>(c);
    const { person } = whoIs(store, getSession(c));
    const planned = groupOfferings(store, studentGroupOf(person), id_semester).filter(
      (o) => o.id_discipline === id_discipline,
    );
    const [discipline] = disciplinesOf(store, planned);
    return okFor<'umkGetStudentExamTypes'>(
      c,
      discipline
        ? examinationsOf(discipline).map(({ id_examination, name }) => ({
            id_examination,
            name,
          }))
        : [],
    );
  };
