import type { AddressInfo } from 'node:net';
import { checkAnswer, findOperation } from '@lms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';

// What a stranger's requests meet on a real socket: every answer is one the contract declares.
let base = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const server = serveApp(createApp({ validateResponses: true }), {
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** The cookies of a signed-in teacher, for requests that pass the session check. */
async function teacherCookies() {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'teacher', password: 'Teacher1' }),
  });
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe('transport limits', () => {
  it('answers a query string of a megabyte with the declared 431 and the error envelope', async () => {
    const res = await fetch(`${base}/api/misc/years?${'q'.repeat(1024 * 1024)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(431);
    const body = await res.json();
    expect(body).toEqual({ result: 1, error: 'Request header fields too large', data: null });
    const op = findOperation('POST', '/api/misc/years')!;
    expect(checkAnswer(op, res.status, res.headers.get('content-type'), body)).toBeNull();
  });

  it('answers a JSON body over 1 MB with the declared 413', async () => {
    const res = await fetch(`${base}/api/misc/years`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie: await teacherCookies() },
      body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.status).toBe(413);
    const op = findOperation('POST', '/api/misc/years')!;
    expect(checkAnswer(op, 413, res.headers.get('content-type'), await res.json())).toBeNull();
  });

  it('refuses a repeated query parameter instead of reading its first value', async () => {
    const res = await fetch(`${base}/lms/api/news/download.file?filename=1_a.pdf&type=4&type=1`, {
      headers: { cookie: await teacherCookies() },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'query/type: must be given once' });
  });
});
