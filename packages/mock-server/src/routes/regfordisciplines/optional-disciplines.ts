import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { isStudent } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import {
  regfordisciplinesSlice,
  studentRows,
} from '../../world/regfordisciplines/regfordisciplines.js';
import { inSemester } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The catalogue minus what the student already has that semester (teachers see all of it). */
export const regfordisciplinesGetOptionalDisciplines =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesGetOptionalDisciplines'>(c);
    const { person } = whoIs(store, getSession(c));
    const registration = store.get(regfordisciplinesSlice);
    const taken = new Set(
      isStudent(person)
        ? studentRows(store, person)
            .filter((row) => inSemester(row, body))
            .map((row) => row.id_discipline)
        : [],
    );
    return okFor<'regfordisciplinesGetOptionalDisciplines'>(
      c,
      registration.electives
        .filter((e) => !taken.has(e.id_discipline))
        .map((e) => ({
          id_discipline: e.id_discipline,
          name: e.name,
          kredits: e.kredits,
          id_examination: e.id_examination,
          id_kafedra: e.id_kafedra,
          id_vid_zaniatiy: e.id_vid_zaniatiy,
        })),
    );
  };
