import { getSession, type AppContext } from '../../http.js';
import { isStudent } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import type { Store } from '../../world/core/store.js';
import type { Student } from '../../world/core/university.js';

/** The signed-in student (x-roles [2] operations only reach handlers for students). */
export function signedInStudent(store: Store, c: AppContext): Student {
  const { person } = whoIs(store, getSession(c));
  if (!isStudent(person)) throw new Error(`${c.req.path} reached a handler for a teacher`);
  return person;
}
