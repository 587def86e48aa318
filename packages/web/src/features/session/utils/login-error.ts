import { isLmsError } from '@lms/client';

/** The session namespace's error keys the login screen can show. */
export type LoginErrorKey =
  | 'invalidCredentials'
  | 'enterCredentials'
  | 'roleRefused'
  | 'serverUnavailable'
  | 'sessionEnded'
  | 'tooManyAttempts'
  | 'tooManyAttemptsSeconds'
  | 'tooManyAttemptsMinutes';

/** What an error's text names: how long a server holding back attempts asked to wait. */
export type LoginErrorValues = { seconds: number } | { minutes: number } | Record<string, never>;

/** Seconds a refused login was asked to wait (its 429's Retry-After), by the error it threw. */
const waits = new WeakMap<object, number>();

/**
 * Keeps the wait a 429's `Retry-After` asks for with the error the login threw (the client's
 * errors carry no headers): whole seconds, or an HTTP date; anything else is no wait known.
 */
export function rememberRetryAfter(error: unknown, retryAfter: string | null, now = Date.now()) {
  if (!isLmsError(error) || error.status !== 429 || retryAfter === null) return;
  const value = retryAfter.trim();
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  if (Number.isFinite(seconds) && seconds > 0) waits.set(error, seconds);
}

/**
 * A login that fails with no token says 'Неверное имя пользователя или пароль'; a
 * result with no user while a token is present says 'Введите имя пользователя и пароль'.
 * A server that cannot be reached is not a wrong password, so it gets its own words.
 */
export function loginErrorKey(outcome: { error?: unknown; tokenPresent: boolean }): LoginErrorKey {
  const { error, tokenPresent } = outcome;
  // A server that holds back repeated attempts (429) is not saying the password is wrong: it says
  // how long to wait when it told (Retry-After), in seconds up to a minute, then in minutes.
  if (isLmsError(error) && error.status === 429) {
    const seconds = waits.get(error);
    if (seconds === undefined) return 'tooManyAttempts';
    return seconds < 60 ? 'tooManyAttemptsSeconds' : 'tooManyAttemptsMinutes';
  }
  if (
    isLmsError(error) &&
    error.problem !== 'OK' &&
    error.problem !== 'CLIENT_ERROR' &&
    error.problem !== 'CANCEL_ERROR'
  ) {
    return 'serverUnavailable';
  }
  return tokenPresent ? 'enterCredentials' : 'invalidCredentials';
}

/** The values the error's text needs (the wait a 429 asked for), none for the others. */
export function loginErrorValues(error: unknown): LoginErrorValues {
  const seconds = typeof error === 'object' && error !== null ? waits.get(error) : undefined;
  if (seconds === undefined) return {};
  return seconds < 60 ? { seconds } : { minutes: Math.ceil(seconds / 60) };
}
