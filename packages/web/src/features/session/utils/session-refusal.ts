import { isLmsError } from '@lms/client';

/**
 * Only a definite refusal ends a session: the server answered 401, or a truthy `result` (the
 * envelope's failure) to authentication. Anything else (no network, a timeout, a 5xx) is a bad
 * moment, not an answer, and the session waits it out.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  return isLmsError(error) && (error.status === 401 || error.problem === 'OK');
}
