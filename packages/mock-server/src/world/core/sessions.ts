// Signed-in sessions, by the value of the `token` cookie. A slice like any other, so reset()
// signs everybody out. A session lasts a fixed time from its login (--session-hours, a day by
// default), measured in real time whatever the world's clock: past it the token answers 401
// saying the session has expired, and its cookies expire in the browser at the same moment.
//
// Bounded per account, never globally: a login past SESSIONS_PER_ACCOUNT ends that same account's
// oldest session, never anyone else's, so however often one person (or whoever has their
// password) signs in, every other person stays signed in. Sessions are only ever started for the
// world's accounts, so the table holds at most SESSIONS_PER_ACCOUNT × accounts entries.
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
 * Sessions one account keeps at most (browsers, phones, the checker's runs): a login past it
 * signs that account's oldest session out. Twenty is more devices than a person uses at once.
 */
export const SESSIONS_PER_ACCOUNT = 20;

/**
 * The sessions of every account. Each account's sessions sit in the order they started (a Map
 * keeps insertion order), so its oldest comes first; the tokens index all of them.
 */
class SessionTable {
  readonly #byToken = new Map<string, Session>();
  readonly #byLogin = new Map<string, Map<string, Session>>();

  get(token: string): Session | undefined {
    return this.#byToken.get(token);
  }

  /** Adds a session, then ends its account's oldest ones past SESSIONS_PER_ACCOUNT. */
  add(session: Session) {
    this.#byToken.set(session.token, session);
    let own = this.#byLogin.get(session.login);
    if (!own) this.#byLogin.set(session.login, (own = new Map()));
    own.set(session.token, session);
    for (const oldest of own.values()) {
      if (own.size <= SESSIONS_PER_ACCOUNT) break;
      this.delete(oldest);
    }
  }

  delete(session: Session) {
    this.#byToken.delete(session.token);
    const own = this.#byLogin.get(session.login);
    own?.delete(session.token);
    if (own?.size === 0) this.#byLogin.delete(session.login);
  }

  /** An account's sessions, oldest first. */
  of(login: string): readonly Session[] {
    return [...(this.#byLogin.get(login)?.values() ?? [])];
  }

  /**
   * Drops each account's sessions that expired more than one session length ago (`staleBefore`
   * is that moment's expiry). Until then an expired token is still recognised, so its 401 can say
   * it expired rather than that it is unknown.
   */
  forgetEnded(login: string, staleBefore: number) {
    for (const session of this.of(login)) {
      if (session.expiresAt > staleBefore) break; // later ones started later
      this.delete(session);
    }
  }

  /** Sessions kept, over all accounts. */
  get size() {
    return this.#byToken.size;
  }
}

export const sessionsSlice = defineSlice('sessions', () => new SessionTable());

/** Real time: sessions end after real hours even when the world's clock is frozen. */
const wallClockMs = () => Date.now();

export function startSession(store: Store, account: Account, sessionMs: number): Session {
  const sessions = store.get(sessionsSlice);
  const now = wallClockMs();
  sessions.forgetEnded(account.login, now - sessionMs);
  const session = {
    token: randomUUID(),
    xsrf: randomUUID(),
    login: account.login,
    expiresAt: now + sessionMs,
  };
  sessions.add(session);
  return session;
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
  store.get(sessionsSlice).delete(session);

/**
 * Ends every session of a login except `kept` (a password change signs the account out
 * everywhere else; the session that changed it goes on). Their tokens then answer 401 as unknown.
 */
export function endOtherSessions(store: Store, login: string, kept: Session) {
  const sessions = store.get(sessionsSlice);
  for (const session of sessions.of(login)) {
    if (session.token !== kept.token) sessions.delete(session);
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
