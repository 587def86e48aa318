// Signed-in sessions, by the value of the `token` cookie. A slice like any other, so reset()
// signs everybody out.
import { randomUUID } from 'node:crypto';
import { accountsSlice, findPerson, type Account } from './accounts.js';
import { defineSlice, type Store } from './store.js';
import type { Student, Teacher } from './university.js';

export interface Session {
  token: string;
  /** Expected in the X-XSRF-TOKEN header of every write. */
  xsrf: string;
  login: string;
}

export const sessionsSlice = defineSlice('sessions', () => new Map<string, Session>());

export function startSession(store: Store, account: Account): Session {
  const session = { token: randomUUID(), xsrf: randomUUID(), login: account.login };
  store.get(sessionsSlice).set(session.token, session);
  return session;
}

export const findSession = (store: Store, token: string | undefined) =>
  token ? store.get(sessionsSlice).get(token) : undefined;

export const endSession = (store: Store, session: Session) =>
  store.get(sessionsSlice).delete(session.token);

/** The account and person a session acts as. */
export function whoIs(
  store: Store,
  session: Session,
): { account: Account; person: Teacher | Student } {
  const account = store.get(accountsSlice).byLogin.get(session.login);
  const person = account && findPerson(store, account.role, account.personId);
  if (!account || !person) throw new Error(`Session of unknown login "${session.login}"`);
  return { account, person };
}
