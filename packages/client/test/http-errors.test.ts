import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  classifyStatus,
  isLmsError,
  LmsError,
  toLmsError,
  unwrapEnvelope,
  type Problem,
} from '../src';
import { errorFromResponse } from '../src/http-errors';

/*
 * The class of a failure decides what the portal tells the person (check the connection, try
 * later, fix the form) and whether a write is sent again; its message is what they read when the
 * server gave no words of its own.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch failure as Node's fetch (undici) throws it: a TypeError with the socket's code inside. */
function fetchFailed(code: unknown, depth = 1): TypeError {
  let cause: unknown = Object.assign(new Error('socket'), { code });
  for (let level = 1; level < depth; level += 1) cause = new Error('wrapped', { cause });
  return new TypeError('fetch failed', { cause });
}

describe('the class of an HTTP status', () => {
  it.each<[number, Problem]>([
    [200, 'OK'],
    [204, 'OK'],
    [299, 'OK'],
    [400, 'CLIENT_ERROR'],
    [404, 'CLIENT_ERROR'],
    [499, 'CLIENT_ERROR'],
    [500, 'SERVER_ERROR'],
    [503, 'SERVER_ERROR'],
    [599, 'SERVER_ERROR'],
  ])('%i is %s', (status, problem) => {
    expect(classifyStatus(status)).toBe(problem);
  });

  it.each([0, 101, 199, 300, 304, 399, 600, 999])(
    '%i, outside the classes a server answers with, is UNKNOWN_ERROR',
    (status) => {
      expect(classifyStatus(status)).toBe('UNKNOWN_ERROR');
    },
  );
});

describe('a failed answer', () => {
  it('carries the words the server put in its envelope, its status and its class', () => {
    const error = errorFromResponse(404, { result: 1, error: 'Документ не найден', data: null });
    expect(error).toBeInstanceOf(LmsError);
    expect(error).toMatchObject({
      problem: 'CLIENT_ERROR',
      message: 'Документ не найден',
      status: 404,
      serverError: 'Документ не найден',
      isResultError: false,
    });
  });

  it('names the status when the server gave no words: no body, an empty error, an error object', () => {
    expect(errorFromResponse(502, undefined)).toMatchObject({
      problem: 'SERVER_ERROR',
      message: 'HTTP 502',
      serverError: undefined,
    });
    expect(errorFromResponse(502, 'Bad gateway')).toMatchObject({
      message: 'HTTP 502',
      serverError: undefined,
    });
    expect(errorFromResponse(500, { error: '' })).toMatchObject({
      message: 'HTTP 500',
      serverError: '',
    });
    const fields = { page: 'must be integer' };
    expect(errorFromResponse(400, { error: fields })).toMatchObject({
      problem: 'CLIENT_ERROR',
      message: 'HTTP 400',
      serverError: fields,
    });
    expect(errorFromResponse(400, null).message).toBe('HTTP 400');
  });
});

describe('an envelope', () => {
  it('gives its data when result is 0', () => {
    expect(unwrapEnvelope({ result: 0, error: null, data: [1, 2] }, 200)).toEqual([1, 2]);
  });

  it('gives a plain body (config, a logo) as it is', () => {
    const config = { maxSizeMb: 10 };
    expect(unwrapEnvelope(config, 200)).toBe(config);
    expect(unwrapEnvelope(null, 200)).toBeNull();
    expect(unwrapEnvelope('OK', 200)).toBe('OK');
  });

  it('is a failure with the server’s words when result is truthy, though HTTP said 200', () => {
    const thrown = (body: unknown) => {
      try {
        unwrapEnvelope(body, 200);
      } catch (error) {
        return error;
      }
      throw new Error('the envelope was taken as a success');
    };
    expect(thrown({ result: 1, error: 'Нет доступа', data: null })).toMatchObject({
      problem: 'OK',
      message: 'Нет доступа',
      status: 200,
      serverError: 'Нет доступа',
      isResultError: true,
    });
    expect(thrown({ result: true, error: '', data: null })).toMatchObject({
      message: 'Request failed',
      serverError: '',
    });
    expect(thrown({ result: 2, error: { code: 7 } })).toMatchObject({
      message: 'Request failed',
      serverError: { code: 7 },
    });
  });
});

describe('a request that never got an answer', () => {
  it('timed out: TIMEOUT_ERROR, keeping what was thrown', () => {
    const thrown = new DOMException('The operation timed out.', 'TimeoutError');
    const error = toLmsError(thrown);
    expect(error).toMatchObject({ problem: 'TIMEOUT_ERROR', message: 'Request timed out' });
    expect(error.cause).toBe(thrown);
    expect(error.status).toBeUndefined();
  });

  it('was cancelled: CANCEL_ERROR', () => {
    const thrown = new DOMException('The operation was aborted.', 'AbortError');
    const error = toLmsError(thrown);
    expect(error).toMatchObject({ problem: 'CANCEL_ERROR', message: 'Request cancelled' });
    expect(error.cause).toBe(thrown);
  });

  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
  ])('could not reach the server (%s): CONNECTION_ERROR naming the code', (code) => {
    const thrown = fetchFailed(code);
    const error = toLmsError(thrown);
    expect(error).toMatchObject({
      problem: 'CONNECTION_ERROR',
      message: `Cannot connect (${code})`,
    });
    expect(error.cause).toBe(thrown);
  });

  it('lost the connection on the way (another code): NETWORK_ERROR naming the code', () => {
    const thrown = fetchFailed('ECONNRESET');
    const error = toLmsError(thrown);
    expect(error).toMatchObject({
      problem: 'NETWORK_ERROR',
      message: 'Network failure (ECONNRESET)',
    });
    expect(error.cause).toBe(thrown);
    expect(toLmsError(fetchFailed('UND_ERR_SOCKET'))).toMatchObject({
      problem: 'NETWORK_ERROR',
      message: 'Network failure (UND_ERR_SOCKET)',
    });
  });

  it('finds the code up to three causes deep, past a code that is not a name', () => {
    expect(toLmsError(fetchFailed('ECONNREFUSED', 2)).problem).toBe('CONNECTION_ERROR');
    expect(toLmsError(fetchFailed('ECONNREFUSED', 3)).message).toBe(
      'Cannot connect (ECONNREFUSED)',
    );
    const numbered = new TypeError('fetch failed', {
      cause: Object.assign(new Error('socket'), { code: 111, cause: { code: 'ECONNREFUSED' } }),
    });
    expect(toLmsError(numbered).message).toBe('Cannot connect (ECONNREFUSED)');
    // deeper than that, the failure is told by the browser's rule below
    expect(toLmsError(fetchFailed('ECONNREFUSED', 4))).toMatchObject({
      problem: 'CONNECTION_ERROR',
      message: 'fetch failed',
    });
  });

  it('in a browser that is offline: NETWORK_ERROR without a code', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(toLmsError(new TypeError('Failed to fetch'))).toMatchObject({
      problem: 'NETWORK_ERROR',
      message: 'Network failure',
    });
  });

  it('in a browser that is online: CONNECTION_ERROR with the browser’s words', () => {
    vi.stubGlobal('navigator', { onLine: true });
    const thrown = new TypeError('Failed to fetch');
    const error = toLmsError(thrown);
    expect(error).toMatchObject({ problem: 'CONNECTION_ERROR', message: 'Failed to fetch' });
    expect(error.cause).toBe(thrown);
  });

  it('anything else is UNKNOWN_ERROR with its own words, even what is not an Error', () => {
    vi.stubGlobal('navigator', { onLine: false });
    const thrown = new RangeError('Invalid array length');
    const error = toLmsError(thrown);
    expect(error).toMatchObject({ problem: 'UNKNOWN_ERROR', message: 'Invalid array length' });
    expect(error.cause).toBe(thrown);
    expect(toLmsError('boom')).toMatchObject({ problem: 'UNKNOWN_ERROR', message: 'boom' });
    expect(toLmsError(null)).toMatchObject({ problem: 'UNKNOWN_ERROR', message: 'null' });
    expect(toLmsError({ name: 'TypeError' })).toMatchObject({ problem: 'UNKNOWN_ERROR' });
  });

  it('an LmsError stays the one it is', () => {
    const error = new LmsError('SERVER_ERROR', 'HTTP 503', { status: 503 });
    expect(toLmsError(error)).toBe(error);
    expect(isLmsError(error)).toBe(true);
    expect(isLmsError(new Error('HTTP 503'))).toBe(false);
    expect(error.name).toBe('LmsError');
    expect('cause' in error).toBe(false);
  });
});
