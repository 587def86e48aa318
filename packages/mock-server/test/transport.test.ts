import type { AddressInfo } from 'node:net';
import * as contract from '@lms/contract';
import { checkAnswer, findOperation } from '@lms/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';
import { rawPost } from './helpers.js';

// What a stranger's requests meet on a real socket: every answer is one the contract declares.
let base = '';
let port = 0;
let close: () => void = () => undefined;

beforeAll(async () => {
  // as main.ts does: /__mock answers the address the server listens on, known once it listens
  const app = createApp({ validateResponses: true, controlHosts: () => [`127.0.0.1:${port}`] });
  const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
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

describe('the JSON depth rule', () => {
  // 400,000 arrays inside one another: 800 KB, under the 1 MB body limit
  const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;

  it('refuses an 800 KB body nested 400,000 deep with a 400 naming the rule, before parsing it', async () => {
    const cookies = await teacherCookies();
    const parse = vi.spyOn(JSON, 'parse');
    const checkBody = vi.spyOn(contract, 'checkJsonBody');
    try {
      for (const [path, cookie] of [
        ['/api/auth/orize.json', ''], // public: no session needed to send it
        ['/api/news/data.json', cookies],
      ] as const) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie },
          body: deep,
        });
        expect(res.status, path).toBe(400);
        const body = await res.json();
        expect(body).toEqual({
          result: 1,
          error: 'body: JSON nesting deeper than 32 levels',
          data: null,
        });
        const op = findOperation('POST', path)!;
        expect(checkAnswer(op, 400, res.headers.get('content-type'), body)).toBeNull();
      }
      // refused from its text: the body never reached the parser or the validation
      expect(parse.mock.calls.some(([text]) => text.length >= deep.length)).toBe(false);
      expect(checkBody).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
      checkBody.mockRestore();
    }
  });
});

describe('/__mock on a real socket', () => {
  it('refuses a DNS-rebinding request (Host and Origin of another name) with a 403 envelope', async () => {
    const evil = `evil.example:${port}`;
    const rebound = await rawPost(
      port,
      '/__mock/reset',
      { Host: evil, Origin: `http://${evil}`, 'Content-Type': 'application/json' },
      '{}',
    );
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ result: 1, data: null });
    const own = await rawPost(
      port,
      '/__mock/reset',
      { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json' },
      '{}',
    );
    expect(own.status).toBe(200);
  });
});
