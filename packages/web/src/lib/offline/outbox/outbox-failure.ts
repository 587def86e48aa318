import { isLmsError } from '@lms/client';

/**
 * How a failed send counts for the outbox:
 * - `transient`: no network, a timeout, a lost connection, the server's own fault (5xx), a
 *   request the server could not take now (408, 429), or no sender yet; the entry waits and the
 *   outbox retries by itself;
 * - `session`: the server no longer knows the user (401); the entry waits for the next sign-in;
 * - `refused`: the server understood and said no (another 4xx, or a truthy `result`); sending it
 *   again unchanged would be refused again, so the user decides (retry or discard);
 * - `cancelled`: the user stopped the send; the screen takes the write back (nothing is lost).
 */
export type OutboxFailure = 'transient' | 'session' | 'refused' | 'cancelled';

/** Thrown by a kind's send while no screen lends it a client for the entry's writer. */
export class NoSenderError extends Error {
  override readonly name = 'NoSenderError';
}

export function classifyOutboxFailure(error: unknown): OutboxFailure {
  if (isLmsError(error) && error.problem === 'CANCEL_ERROR') return 'cancelled';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'transient';
  if (error instanceof NoSenderError || !isLmsError(error)) return 'transient';
  if (error.status === 401) return 'session';
  if (error.status === 408 || error.status === 429) return 'transient';
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

/**
 * True when a write that failed this way may still have been stored: the answer was lost (a
 * timeout, a dropped network, an unreadable failure) or the server failed (5xx), possibly after
 * committing. A refused connection reached nothing, and a 4xx answer says it was not stored.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isLmsError(error)) return false;
  switch (error.problem) {
    case 'TIMEOUT_ERROR':
    case 'NETWORK_ERROR':
    case 'UNKNOWN_ERROR':
    case 'SERVER_ERROR':
      return true;
    default:
      return false;
  }
}
