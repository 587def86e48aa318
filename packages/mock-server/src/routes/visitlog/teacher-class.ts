import { fail, getSession, type AppContext, type Schema } from '../../http.js';
import { isTeacher } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import type { Store } from '../../world/core/store.js';
import type { Student, Teacher } from '../../world/core/university.js';
import { findClass, type VisitClass } from '../../world/visitlog/visitlog.js';

export const NOT_YOURS = 'Forbidden: not a class of the signed-in teacher';

/**
 * The class a teacher's request names, when the signed-in teacher holds it: the body's id_teacher
 * is the session's person and the class exists with that teacher. Undefined answers 403.
 */
function ownClass(store: Store, person: Teacher | Student, body: Schema<'VisitLogClass'>) {
  if (!isTeacher(person) || body.id_teacher !== person.id) return undefined;
  const cls = findClass(store, body);
  return cls && cls.id_teacher === person.id ? cls : undefined;
}

/** The class the signed-in teacher's body names, or the 403 answer. */
export function teacherClass(
  c: AppContext,
  store: Store,
  body: Schema<'VisitLogClass'>,
): { cls: VisitClass } | { denied: Response } {
  const { person } = whoIs(store, getSession(c));
  const cls = ownClass(store, person, body);
  return cls ? { cls } : { denied: fail(c, 403, NOT_YOURS) };
}
