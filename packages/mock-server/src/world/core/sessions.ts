// Signed-in sessions, by the value of the `token` cookie. A slice like any other, so reset()
// signs everybody out. A session lasts a fixed time from its login (--session-hours, a day by
// default), measured in real time whatever the world's clock: past it the token answers 401
// saying the session has expired, and its cookies expire in the browser at the same moment.
import { randomUUID } from 'node:crypto';
import { accountsSlice, findPerson, type Account } from './accounts.js';
import { defineSlice, type Store } from './store.js';
import { HOUR_MS } from './time.js';
import type { Student, Teacher } from './university.js';

export interface Session {
  token: string;
  /** Expected in the X-XSRF-TOKEN header of every write. */
  xsrf: string;
  login: string;
  /** Real time (ms) from which the session no longer answers. */
  expiresAt: number;
}

export const DEFAULT_SESSION_HOURS = 24;
/** Browsers cap a cookie's lifetime at 400 days; a session cannot outlive its cookie. */
export const MAX_SESSION_HOURS = 400 * 24;
/**
 * Live sessions kept at most: a login past it signs the oldest session out, so a client that logs
 * in without end cannot grow the table.
 */
export const MAX_SESSIONS = 10_000;

/** Sessions in the order they started (a Map keeps insertion order), so the oldest come first. */
export const sessionsSlice = defineSlice('sessions', () => new Map<string, Session>());

/** Real time: sessions end after real hours even when the world's clock is frozen. */
const wallClockMs = () => Date.now();

export function startSession(store: Store, account: Account, sessionMs: number): Session {
  const sessions = store.get(sessionsSlice);
  const now = wallClockMs();
  forgetEnded(sessions, now, sessionMs);
  const session = {
    token: randomUUID(),
    xsrf: randomUUID(),
    login: account.login,
    expiresAt: now + sessionMs,
  };
  sessions.set(session.token, session);
  for (const oldest of sessions.keys()) {
    if (sessions.size <= MAX_SESSIONS) break;
    sessions.delete(oldest);
  }
  return session;
}

/**
 * Drops sessions that expired more than one session length ago. Until then an expired token is
 * still recognised, so its 401 can say it expired rather than that it is unknown.
 */
function forgetEnded(sessions: Map<string, Session>, now: number, sessionMs: number) {
  for (const [token, session] of sessions) {
    if (session.expiresAt + sessionMs > now) break; // later ones started later
    sessions.delete(token);
  }
}

/** A live session, `expired` for a token whose session has run out, undefined for an unknown one. */
export function lookUpSession(
  store: Store,
  token: string | undefined,
): Session | 'expired' | undefined {
  const session = token ? store.get(sessionsSlice).get(token) : undefined;
  if (!session) return undefined;
  return session.expiresAt > wallClockMs() ? session : 'expired';
}

/** Whole seconds the session has left (the cookies' Max-Age), at least 1 while it lives. */
export const secondsLeft = (session: Session) =>
  Math.max(1, Math.floor((session.expiresAt - wallClockMs()) / 1000));

export const sessionMsOf = (hours: number) => hours * HOUR_MS;

export const endSession = (store: Store, session: Session) =>
  store.get(sessionsSlice).delete(session.token);

/**
 * Ends every session of a login except `kept` (a password change signs the account out
 * everywhere else; the session that changed it goes on). Their tokens then answer 401 as unknown.
 */
export function endOtherSessions(store: Store, login: string, kept: Session) {
  const sessions = store.get(sessionsSlice);
  for (const [token, session] of sessions) {
    if (session.login === login && token !== kept.token) sessions.delete(token);
  }
}

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
