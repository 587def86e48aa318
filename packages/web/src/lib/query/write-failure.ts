import { isLmsError } from '@lms/client';

export type WriteFailure =
  | 'cancelled'
  | 'timeout'
  | 'connection'
  | 'server'
  | 'refused'
  | 'tooLarge'
  | 'storageFull'
  | 'forbidden'
  | 'notFound'
  | 'other';

/**
 * What went wrong with a request (a read, a send, an upload, a delete), in the words screens have
 * for it: the class of the failure, never the server's own text.
 */
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
    // A truthy `result` in a 2xx envelope: the server understood and said no.
    case 'OK':
      return 'refused';
    default:
      break;
  }
  if (error.status === 413) return 'tooLarge';
  // 507: the server keeps no more uploads (the mock's --max-storage-mb)
  if (error.status === 507) return 'storageFull';
  if (error.status === 401 || error.status === 403) return 'forbidden';
  if (error.status === 404) return 'notFound';
  // 429: the server is busy, which passes like its own fault does.
  if (error.problem === 'SERVER_ERROR' || error.status === 429) return 'server';
  if (error.problem === 'CLIENT_ERROR') return 'refused';
  return 'other';
}

/** The server's own words about a failure, when it sent any (for the details, never the sentence). */
export function serverMessage(error: unknown): string | undefined {
  if (!isLmsError(error)) return undefined;
  const text = error.serverError;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}
