import { isLmsError } from '@lms/client';

/**
 * How a failed send counts for the outbox:
 * - `transient`: the network, a timeout or the server's own fault; the entry waits and is sent
 *   again by itself (section 8's TIMEOUT, CONNECTION, NETWORK and SERVER errors);
 * - `session`: the server no longer knows the user (401); the entry waits for the next sign-in;
 * - `refused`: the server understood and said no (another 4xx, or a truthy `result`); sending it
 *   again unchanged would be refused again, so the user decides (retry or discard);
 * - `cancelled`: the user stopped the send; the screen takes the write back (nothing is lost).
 */
export type OutboxFailure = 'transient' | 'session' | 'refused' | 'cancelled';

export function classifyOutboxFailure(error: unknown): OutboxFailure {
  if (isLmsError(error) && error.problem === 'CANCEL_ERROR') return 'cancelled';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'transient';
  if (!isLmsError(error)) return 'transient';
  if (error.status === 401) return 'session';
  switch (error.problem) {
    case 'TIMEOUT_ERROR':
    case 'CONNECTION_ERROR':
    case 'NETWORK_ERROR':
    case 'SERVER_ERROR':
    case 'UNKNOWN_ERROR':
      return 'transient';
    default:
      return 'refused';
  }
}
