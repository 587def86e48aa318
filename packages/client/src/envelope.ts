import { LmsError } from './http-errors';

/** The payload of an enveloped body, or the body itself for the few plain calls (config, logo). */
export type Unwrapped<Body> = Body extends { result: unknown; data?: infer Data } ? Data : Body;

function isEnvelope(body: unknown): body is { result: unknown; error: unknown; data: unknown } {
  return !!body && typeof body === 'object' && 'result' in body;
}

/** Returns `data` of a successful envelope; a truthy `result` means failure. */
export function unwrapEnvelope<Body>(body: Body, status: number): Unwrapped<Body> {
  if (!isEnvelope(body)) return body as Unwrapped<Body>;
  if (body.result) {
    const message = typeof body.error === 'string' && body.error ? body.error : 'Request failed';
    throw new LmsError('OK', message, { status, serverError: body.error });
  }
  return body.data as Unwrapped<Body>;
}
