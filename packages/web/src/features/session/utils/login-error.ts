import { isLmsError } from '@lms/client';

/** The session namespace's error keys the login screen can show. */
export type LoginErrorKey =
  | 'invalidCredentials'
  | 'enterCredentials'
  | 'roleRefused'
  | 'serverUnavailable'
  | 'sessionEnded'
  | 'tooManyAttempts';

/**
 * A login that fails with no token says 'Неверное имя пользователя или пароль'; a
 * result with no user while a token is present says 'Введите имя пользователя и пароль'.
 * A server that cannot be reached is not a wrong password, so it gets its own words.
 */
export function loginErrorKey(outcome: { error?: unknown; tokenPresent: boolean }): LoginErrorKey {
  const { error, tokenPresent } = outcome;
  // A server that holds back repeated attempts (429) is not saying the password is wrong.
  if (isLmsError(error) && error.status === 429) return 'tooManyAttempts';
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
