import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';
import { FREE_FAILURES } from '../src/world/core/login-throttle.js';
import {
  accounts,
  allFlags,
  cli,
  closeServers,
  json,
  listen,
  startLyingServer,
  type Lie,
} from './lying-server.js';

// The checker's security rows for what a careful server does and a real one can be asked from
// outside without harm: a method a path does not take (405 with Allow), a client that sends a
// header byte a second (cut off), a sign-in body of 60,000 unknown keys (refused before any work).
// Against the mock server they read good; against a server that answers 404 to the method, reads
// the wide body as a sign-in and keeps the slow client, weak or missing, and the run's verdict and
// exit code are the same: the rows are reported, never failed.

const SIGN_IN = '/api/auth/orize.json';
/** Objects of the contract's request bodies have at most this many keys (maxProperties). */
const MAX_KEYS = 32;

/** The logins of every sign-in body wider than any the contract allows that reached the liar. */
const wideLogins: string[] = [];

/** 404 for a method the path does not take, as a server that routes by path and method alike. */
const noMethodNotAllowed: Lie = {
  request: (x) => {
    if (x.path !== '/api/misc/years' || x.method === 'POST') return false;
    x.status = 404;
    x.answerHeaders = new Headers({ 'Content-Type': 'text/plain' });
    x.answer = Buffer.from('Not Found');
    return true;
  },
};

/** A sign-in of any width read for its login and password, the other keys ignored. */
const wideBodiesTaken: Lie = {
  request: (x) => {
    if (x.path !== SIGN_IN || x.method !== 'POST') return false;
    let body: Record<string, unknown>;
    try {
      body = json(x.body);
    } catch {
      return false;
    }
    if (Object.keys(body).length <= MAX_KEYS) return false;
    wideLogins.push(String(body.login));
    x.body = Buffer.from(JSON.stringify({ login: body.login, password: body.password }));
    x.headers.set('content-type', 'application/json');
    return false;
  },
};

/** A row of the printed security table: subject, property, verdict, value. */
const row = (out: string, subject: string, property: string) =>
  new RegExp(`^ {2}${subject} +${property} +(\\S+) +(.+)$`, 'm').exec(out)?.slice(1, 3);

let careful = '';
beforeAll(async () => {
  // the mock server cutting slow clients after 2 s (its default is 10 s)
  careful = await listen(
    serveApp(createApp({ validateResponses: false }), {
      port: 0,
      hostname: '127.0.0.1',
      timeouts: { headersMs: 2000 },
    }),
  );
});
afterAll(closeServers);

describe('the security table', () => {
  it('reads good against the mock server: 405 with Allow, the slow client cut off, the wide body refused', async () => {
    const { code, out } = await cli([
      '--target',
      careful,
      ...allFlags,
      '--slow-client-seconds',
      '20',
    ]);
    expect(out.split('\n')[0]).toMatch(/: PASSED — /);
    expect(code).toBe(0);
    expect(row(out, 'PUT /api/misc/years', '405 with Allow')).toEqual([
      'good',
      '405, Allow: POST, error envelope',
    ]);
    const [slowVerdict, slowValue] =
      row(out, 'GET /config.json, a header byte a second', 'slow client cut off') ?? [];
    expect(slowVerdict).toBe('good');
    // after 2 s, Node looking every half second (a loaded machine may take longer)
    const [, after] =
      /^408 and closed after (\d+\.\d) s \(gives up after 20\.0 s\)$/.exec(slowValue ?? '') ?? [];
    expect(Number(after)).toBeGreaterThanOrEqual(2);
    const [keysVerdict, keysValue] =
      row(out, 'POST /api/auth/orize\\.json with 60,000 unknown keys', 'refused') ?? [];
    expect(keysVerdict).toBe('good');
    expect(keysValue).toMatch(/^400 in \d+ ms \(a small refused sign-in: 400 in \d+ ms\)$/);
  });

  it('reads weak or missing against a server that does none of it, and the run still passes', async () => {
    const liar = await startLyingServer(careful, [noMethodNotAllowed, wideBodiesTaken]);
    const { code, out } = await cli(['--target', liar, ...allFlags, '--slow-client-seconds', '3']);
    // reported, not failed: the same verdict and exit code as against the mock itself
    expect(out.split('\n')[0]).toMatch(/: PASSED — /);
    expect(out).toContain('No check failed.');
    expect(code).toBe(0);
    expect(row(out, 'PUT /api/misc/years', '405 with Allow')).toEqual([
      'missing',
      '404 (expected 405, Allow: POST, error envelope)',
    ]);
    // a Node server's own headers timeout is a minute
    expect(row(out, 'GET /config.json, a header byte a second', 'slow client cut off')).toEqual([
      'weak',
      'still open after 3.0 s (gave up)',
    ]);
    const [keysVerdict, keysValue] =
      row(out, 'POST /api/auth/orize\\.json with 60,000 unknown keys', 'refused') ?? [];
    expect(keysVerdict).toBe('weak');
    expect(keysValue).toMatch(
      /^401 in \d+ ms \(a small refused sign-in: 400 in \d+ ms\): read as a sign-in$/,
    );
    // the wide sign-in was the probe's throwaway login's, never a checking account's
    expect(wideLogins).toEqual(['contract-check-probe']);
  });

  it('leaves the slow-client probe out with --slow-client-seconds 0', async () => {
    const { code, out } = await cli([
      '--target',
      careful,
      ...allFlags,
      '--slow-client-seconds',
      '0',
    ]);
    expect(row(out, 'GET /config.json, a header byte a second', 'slow client cut off')).toEqual([
      'n/a',
      'not probed (--slow-client-seconds 0)',
    ]);
    expect(code).toBe(0);
  });
});

describe('the wide sign-in the security probe sends', () => {
  it('is refused before its login is read, so it never counts as a failed login', async () => {
    const mock = await listen(
      serveApp(createApp({ validateResponses: false }), { port: 0, hostname: '127.0.0.1' }),
    );
    const signIn = (body: string) =>
      fetch(`${mock}${SIGN_IN}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    const keys = Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',');
    const { login, password } = accounts.student;
    // far more wrong sign-ins than a pair may fail, each as wide as the probe's
    for (let i = 0; i <= FREE_FAILURES * 2; i++) {
      const res = await signIn(`{"login":${JSON.stringify(login)},"password":"wrong",${keys}}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        result: 1,
        error: `body: must NOT have more than ${MAX_KEYS} properties`,
      });
    }
    // the owner signs in at once: none of them was counted
    expect((await signIn(JSON.stringify({ login, password }))).status).toBe(200);
  });
});
