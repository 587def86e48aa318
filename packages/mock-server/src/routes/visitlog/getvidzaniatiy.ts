import { fail, getBody, getSession, okFor, type AppContext } from '../../http.js';
import { isStudent, isTeacher } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import type { Store } from '../../world/core/store.js';
import { universitySlice, type Student } from '../../world/core/university.js';
import { findOfferings, kindsOf } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { NOT_YOURS } from './teacher-class.js';

/** Whether a class request names the student's own group, or (isPotok) their group's stream. */
function namesOwnGroup(
  store: Store,
  student: Student,
  { id_groupOrPorok, isPotok }: { id_groupOrPorok: number; isPotok: boolean },
) {
  if (!isPotok) return id_groupOrPorok === student.id_group;
  return store.get(universitySlice).groupById.get(student.id_group)?.id_stream === id_groupOrPorok;
}

/**
 * x-owner `class`: the teacher of the class, or a student of its group. A student names their own
 * group (or its stream, for lectures) whatever the class, else 403; they ask for the teacher they
 * chose, and another teacher gets no kinds. A teacher is refused a class that another teacher
 * holds. A class the world does not have has no kinds.
 */
export const visitlogGetVidZaniatiy =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogGetVidZaniatiy'>(c);
    const { person } = whoIs(store, getSession(c));
    if (isStudent(person) && !namesOwnGroup(store, person, body)) {
      return fail(c, 403, 'Forbidden: not a class of the signed-in student’s group');
    }
    const offerings = findOfferings(store, body);
    const [first] = offerings;
    if (!first) return okFor<'visitlogGetVidZaniatiy'>(c, []);
    if (isTeacher(person) && first.id_teacher !== person.id) return fail(c, 403, NOT_YOURS);
    if (first.id_teacher !== body.id_teacher) return okFor<'visitlogGetVidZaniatiy'>(c, []);
    return okFor<'visitlogGetVidZaniatiy'>(c, kindsOf(store, offerings, body.isPotok));
  };
