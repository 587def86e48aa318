import { fail, getBody, getSession, okFor, type AppContext } from '../../http.js';
import { LECTURE } from '../../world/core/lesson-kinds.js';
import { isStudent } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import { universitySlice } from '../../world/core/university.js';
import { findClass, journalOf, toJournal } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';

const emptyJournal = { resArray: [], data: [] };

/**
 * The student's own row in the class of their group (practice, labs) or stream (lectures) that
 * the chosen teacher holds; an empty grid when there is no such class.
 */
export const visitlogGetJournalForStudent =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogGetJournalForStudent'>(c);
    const { person } = whoIs(store, getSession(c));
    if (!isStudent(person) || body.id_student !== person.id) {
      return fail(c, 403, 'Forbidden: a student sees only their own journal');
    }
    const group = store.get(universitySlice).groupById.get(person.id_group);
    const isPotok = body.id_vid_zaniatiy === LECTURE;
    const cls =
      group &&
      findClass(store, {
        ...body,
        isPotok,
        id_groupOrPorok: isPotok ? group.id_stream : group.id_group,
      });
    if (!cls || cls.id_teacher !== body.id_teacher)
      return okFor<'visitlogGetJournalForStudent'>(c, emptyJournal);
    return okFor<'visitlogGetJournalForStudent'>(c, toJournal(journalOf(store, cls), [person]));
  };
