// Login throttling. Failed logins are counted per login and per client address over a sliding
// window; once either has reached its limit within the window, every attempt it makes (even with
// the right password) answers 429 with Retry-After until its oldest counted failure is a window
// old. Successful logins are never counted and clear their login's failures, so accounts signed
// in again and again (the demo accounts in the test journeys) are never held back. Real time,
// whatever the world's clock; POST /__mock/reset forgets every failure, like the rest of the
// world.
import { defineSlice, type Store } from './store.js';

export const LOGIN_WINDOW_MS = 60_000;
/** Failures of one login (from any address) within the window before it is held back. */
export const FAILURES_PER_LOGIN = 5;
/** Failures from one client address (to any logins) within the window before it is held back. */
export const FAILURES_PER_ADDRESS = 20;
/** Logins and addresses tracked at most; the ones whose last failure is oldest go first. */
export const MAX_TRACKED = 10_000;

/** Failure times per key, at most `limit` of them (the latest), keys ordered by last failure. */
class FailureLog {
  readonly #byKey = new Map<string, number[]>();

  constructor(readonly limit: number) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  wait(key: string, now: number): number {
    const times = this.#recent(key, now);
    const oldest = times.length >= this.limit ? times[times.length - this.limit] : undefined;
    return oldest === undefined ? 0 : oldest + LOGIN_WINDOW_MS - now;
  }

  record(key: string, now: number) {
    const times = [...this.#recent(key, now), now].slice(-this.limit);
    // re-inserted, so the map stays ordered by last failure and stale keys sit at its front
    this.#byKey.delete(key);
    this.#byKey.set(key, times);
    for (const [stale, staleTimes] of this.#byKey) {
      const last = staleTimes[staleTimes.length - 1] ?? 0;
      if (last > now - LOGIN_WINDOW_MS && this.#byKey.size <= MAX_TRACKED) break;
      this.#byKey.delete(stale);
    }
  }

  clear(key: string) {
    this.#byKey.delete(key);
  }

  /** Keys tracked (tests). */
  get size() {
    return this.#byKey.size;
  }

  #recent(key: string, now: number): number[] {
    const times = this.#byKey.get(key);
    if (!times) return [];
    const recent = times.filter((time) => time > now - LOGIN_WINDOW_MS);
    if (recent.length === 0) this.#byKey.delete(key);
    return recent;
  }
}

export const loginThrottleSlice = defineSlice('login-throttle', () => ({
  byLogin: new FailureLog(FAILURES_PER_LOGIN),
  byAddress: new FailureLog(FAILURES_PER_ADDRESS),
}));

/** A login attempt: the login as typed and the client's address. */
interface LoginAttempt {
  login: string;
  address: string;
}

/** Logins differ by case and surrounding spaces only in how they are typed. */
const loginKey = (login: string) => login.trim().toLowerCase();

/** Real time: a window is real seconds even when the world's clock is frozen. */
const wallClockMs = () => Date.now();

/** Milliseconds until the attempt may be checked; 0 when neither its login nor its address is held back. */
export function loginWait(store: Store, { login, address }: LoginAttempt): number {
  const { byLogin, byAddress } = store.get(loginThrottleSlice);
  const now = wallClockMs();
  return Math.max(byLogin.wait(loginKey(login), now), byAddress.wait(address, now));
}

export function recordLoginFailure(store: Store, { login, address }: LoginAttempt) {
  const { byLogin, byAddress } = store.get(loginThrottleSlice);
  const now = wallClockMs();
  byLogin.record(loginKey(login), now);
  byAddress.record(address, now);
}

/**
 * A successful login clears its login's failures (only someone with the password can), not its
 * address's: signing in to one's own account does not buy more guesses at others.
 */
export function recordLoginSuccess(store: Store, { login }: LoginAttempt) {
  store.get(loginThrottleSlice).byLogin.clear(loginKey(login));
}
