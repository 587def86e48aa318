import { isLmsError } from '@lms/client';

export type PasswordChangeFailure =
  | { kind: 'server'; message: string }
  | { kind: 'translated'; key: 'serverUnavailable' | 'unknown' };

const UNREACHABLE = new Set(['SERVER_ERROR', 'TIMEOUT_ERROR', 'CONNECTION_ERROR', 'NETWORK_ERROR']);

/**
 * Why the change failed, in words for the person: the server's own reason when it answered with
 * result 1 (e.g. 'Неверный старый пароль'); otherwise whether the server could not be reached, or
 * a plain "try again" (a 4xx carries technical text meant for developers, not for the form).
 */
export function describePasswordChangeFailure(error: unknown): PasswordChangeFailure {
  if (isLmsError(error)) {
    if (error.isResultError && typeof error.serverError === 'string' && error.serverError.trim()) {
      return { kind: 'server', message: error.serverError.trim() };
    }
    if (UNREACHABLE.has(error.problem)) return { kind: 'translated', key: 'serverUnavailable' };
  }
  return { kind: 'translated', key: 'unknown' };
}
