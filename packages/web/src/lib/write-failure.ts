import { isLmsError } from '@lms/client';

export type WriteFailure =
  | 'cancelled'
  | 'timeout'
  | 'connection'
  | 'tooLarge'
  | 'storageFull'
  | 'forbidden'
  | 'notFound'
  | 'other';

/** What went wrong with a write (a send, an upload, a delete), in the words screens have for it. */
export function writeFailure(error: unknown): WriteFailure {
  if (!isLmsError(error)) return 'other';
  switch (error.problem) {
    case 'CANCEL_ERROR':
      return 'cancelled';
    case 'TIMEOUT_ERROR':
      return 'timeout';
    case 'CONNECTION_ERROR':
    case 'NETWORK_ERROR':
      return 'connection';
    default:
      break;
  }
  if (error.status === 413) return 'tooLarge';
  // 507: the server keeps no more uploads (the mock's --max-storage-mb)
  if (error.status === 507) return 'storageFull';
  if (error.status === 401 || error.status === 403) return 'forbidden';
  if (error.status === 404) return 'notFound';
  return 'other';
}

/** The server's own words about a failure, when it sent any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isLmsError(error)) return undefined;
  const text = error.serverError;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}
