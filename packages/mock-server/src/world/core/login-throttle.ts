// Login throttling that slows a guesser without locking the owner out (OWASP's authentication
// guidance: count failures per account and per source, answer with growing delays, never lock an
// account from everywhere).
//
// Failures are counted per pair of (login, client address). A pair's first FREE_FAILURES failures
// are answered 401 at once; from then on the pair is held: every attempt of that login from that
// address, even with the right password, answers 429 with Retry-After until FIRST_HOLD_MS after
// its last failure, a hold that doubles with each further failure (up to MAX_HOLD_MS). Attempts
// refused with 429 are not counted, and the password is not looked at. A pair's failures are
// forgotten FORGET_MS after its last one, or at once when that pair signs in.
//
// So nothing a stranger does holds the owner back elsewhere: the right password from an address
// that has not been failing for that login is checked as usual, and the account's sessions are
// never touched. Many failures against one login from many addresses, or from one address against
// many logins (one guess per account, or a university's NAT with many students behind it), make
// that login or that address "hot" (HOT_FAILURES within HOT_WINDOW_MS): a pair of a hot login or
// address is held from its first failure (HOT_FREE_FAILURES), so each further guess waits, while
// the pairs that have not failed (everybody else behind the NAT, the owner at home) still sign in
// at once.
//
// Real time, whatever the world's clock; POST /__mock/reset forgets every failure, like the rest
// of the world. What it remembers is bounded: at most MAX_TRACKED pairs, addresses and logins each
// (those whose last failure is oldest go first), and logins are at most 128 characters (the
// contract's LoginRequest).
import { defineSlice, type Store } from './store.js';

/** Failures of one login from one address before that pair is held. */
export const FREE_FAILURES = 5;
/** The same, for a pair whose login or address is hot. */
const HOT_FREE_FAILURES = 1;
/** Failures within HOT_WINDOW_MS that make a login (from any addresses) or an address (to any logins) hot. */
export const HOT_FAILURES = 20;
const HOT_WINDOW_MS = 60_000;
/** The first hold of a pair; each further failure doubles it. */
export const FIRST_HOLD_MS = 15_000;
export const MAX_HOLD_MS = 15 * 60_000;
/** A pair's failures are forgotten this long after its last one. */
export const FORGET_MS = 60 * 60_000;
/** Pairs, hot addresses and hot logins tracked at most, each. */
export const MAX_TRACKED = 10_000;

interface PairFailures {
  count: number;
  /** Real time (ms) of the latest failure. */
  last: number;
}

/**
 * Drops the entries at the front of `map` (the longest since their last failure, as entries are
 * re-inserted on each failure) that are stale, or beyond MAX_TRACKED.
 */
function sweep<T>(map: Map<string, T>, isStale: (entry: T) => boolean) {
  for (const [key, entry] of map) {
    if (!isStale(entry) && map.size <= MAX_TRACKED) break;
    map.delete(key);
  }
}

/** Failures per pair of (login, address). */
class PairLog {
  readonly #byPair = new Map<string, PairFailures>();

  get(key: string, now: number): PairFailures | undefined {
    const pair = this.#byPair.get(key);
    if (pair && pair.last <= now - FORGET_MS) {
      this.#byPair.delete(key);
      return undefined;
    }
    return pair;
  }

  record(key: string, now: number) {
    const count = (this.get(key, now)?.count ?? 0) + 1;
    this.#byPair.delete(key); // re-inserted: the map stays ordered by last failure
    this.#byPair.set(key, { count, last: now });
    sweep(this.#byPair, (pair) => pair.last <= now - FORGET_MS);
  }

  clear(key: string) {
    this.#byPair.delete(key);
  }

  /** Pairs tracked (tests). */
  get size() {
    return this.#byPair.size;
  }
}

/** The latest failure times per login or address, to tell whether it is hot. */
class RecentFailures {
  readonly #byKey = new Map<string, number[]>();

  isHot(key: string, now: number): boolean {
    const times = this.#byKey.get(key);
    return (
      times !== undefined &&
      times.filter((time) => time > now - HOT_WINDOW_MS).length >= HOT_FAILURES
    );
  }

  record(key: string, now: number) {
    const recent = (this.#byKey.get(key) ?? []).filter((time) => time > now - HOT_WINDOW_MS);
    this.#byKey.delete(key);
    this.#byKey.set(key, [...recent, now].slice(-HOT_FAILURES));
    sweep(this.#byKey, (times) => (times[times.length - 1] ?? 0) <= now - HOT_WINDOW_MS);
  }

  /** Keys tracked (tests). */
  get size() {
    return this.#byKey.size;
  }
}

export const loginThrottleSlice = defineSlice('login-throttle', () => ({
  pairs: new PairLog(),
  logins: new RecentFailures(),
  addresses: new RecentFailures(),
}));

/** A login attempt: the login as typed and the client's address. */
interface LoginAttempt {
  login: string;
  address: string;
}

/** Logins differ by case and surrounding spaces only in how they are typed. */
const loginKey = (login: string) => login.trim().toLowerCase();
/** A pair's key; no address holds a NUL. */
const pairKey = (login: string, address: string) => `${login}\u0000${address}`;

/** Real time: holds are real seconds even when the world's clock is frozen. */
const wallClockMs = () => Date.now();

/** How long a pair with `count` failures is held after its last one, given its allowance. */
export function holdMs(count: number, allowance: number): number {
  if (count < allowance) return 0;
  return Math.min(MAX_HOLD_MS, FIRST_HOLD_MS * 2 ** (count - allowance));
}

/** Milliseconds until the attempt's pair may try again; 0 when it may now. */
export function loginWait(store: Store, { login, address }: LoginAttempt): number {
  const { pairs, logins, addresses } = store.get(loginThrottleSlice);
  const now = wallClockMs();
  const key = loginKey(login);
  const pair = pairs.get(pairKey(key, address), now);
  if (!pair) return 0;
  const hot = logins.isHot(key, now) || addresses.isHot(address, now);
  const allowance = hot ? HOT_FREE_FAILURES : FREE_FAILURES;
  return Math.max(0, pair.last + holdMs(pair.count, allowance) - now);
}

export function recordLoginFailure(store: Store, { login, address }: LoginAttempt) {
  const { pairs, logins, addresses } = store.get(loginThrottleSlice);
  const now = wallClockMs();
  const key = loginKey(login);
  pairs.record(pairKey(key, address), now);
  logins.record(key, now);
  addresses.record(address, now);
}

/**
 * A successful login clears its pair's failures (only someone with the password can), not its
 * login's or its address's: signing in to one's own account buys no more guesses at others, nor
 * from elsewhere.
 */
export function recordLoginSuccess(store: Store, { login, address }: LoginAttempt) {
  store.get(loginThrottleSlice).pairs.clear(pairKey(loginKey(login), address));
}
