/**
 * The HTTP layer's result classes. Every failure the client surfaces is an
 * `LmsError` carrying one of them; a 2xx answer whose envelope has a truthy `result` is an `LmsError`
 * with problem `OK` and the server's `error` value in `serverError`.
 */
export const PROBLEMS = [
  'OK',
  'CLIENT_ERROR',
  'SERVER_ERROR',
  'TIMEOUT_ERROR',
  'CONNECTION_ERROR',
  'NETWORK_ERROR',
  'CANCEL_ERROR',
  'UNKNOWN_ERROR',
] as const;

export type Problem = (typeof PROBLEMS)[number];

export interface LmsErrorInit {
  status?: number;
  /** The envelope's `error` value when the server sent one. */
  serverError?: unknown;
  cause?: unknown;
}

export class LmsError extends Error {
  override readonly name = 'LmsError';
  readonly problem: Problem;
  readonly status: number | undefined;
  readonly serverError: unknown;

  constructor(problem: Problem, message: string, init: LmsErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.problem = problem;
    this.status = init.status;
    this.serverError = init.serverError;
  }

  /** True when HTTP succeeded but the server reported failure in the envelope. */
  get isResultError(): boolean {
    return this.problem === 'OK';
  }
}

export function isLmsError(error: unknown): error is LmsError {
  return error instanceof LmsError;
}

export function classifyStatus(status: number): Problem {
  if (status >= 200 && status < 300) return 'OK';
  if (status >= 400 && status < 500) return 'CLIENT_ERROR';
  if (status >= 500 && status < 600) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

// Node's fetch (undici) names the socket failure in `cause.code`; browsers only say "Failed to fetch".
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Turns anything a request can throw into an `LmsError` of the right class. */
export function toLmsError(error: unknown): LmsError {
  if (error instanceof LmsError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'TimeoutError')
    return new LmsError('TIMEOUT_ERROR', 'Request timed out', { cause: error });
  if (name === 'AbortError')
    return new LmsError('CANCEL_ERROR', 'Request cancelled', { cause: error });
  if (error instanceof TypeError) {
    const code = causeCode(error);
    if (code && CONNECTION_CODES.has(code)) {
      return new LmsError('CONNECTION_ERROR', `Cannot connect (${code})`, { cause: error });
    }
    if (code || isOffline()) {
      return new LmsError('NETWORK_ERROR', `Network failure${code ? ` (${code})` : ''}`, {
        cause: error,
      });
    }
    // A browser reports a refused or unresolved connection as a bare TypeError while online.
    return new LmsError('CONNECTION_ERROR', message, { cause: error });
  }
  return new LmsError('UNKNOWN_ERROR', message, { cause: error });
}

/** The `error` value of an envelope-shaped body, if any. */
function envelopeError(body: unknown): unknown {
  if (body && typeof body === 'object' && 'error' in body)
    return (body as { error: unknown }).error;
  return undefined;
}

export function errorFromResponse(status: number, body: unknown): LmsError {
  const serverError = envelopeError(body);
  const detail = typeof serverError === 'string' && serverError ? serverError : `HTTP ${status}`;
  return new LmsError(classifyStatus(status), detail, { status, serverError });
}
