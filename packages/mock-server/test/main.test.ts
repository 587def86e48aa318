import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost } from './helpers.js';

// The command line (src/main.ts) on a port of its own choosing: the options it passes to the app
// and the address /__mock answers, which it learns once it listens.
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
let child: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      main,
      '--port',
      '0',
      '--session-hours',
      '0.5',
      '--web-root',
      '/nonexistent',
      '--headers-timeout',
      '1',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let banner = '';
  port = await new Promise<number>((resolve, reject) => {
    child?.stdout?.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const found = /ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(banner);
      if (found) resolve(Number(found[1]));
    });
    child?.once('exit', (code) => reject(new Error(`main.ts exited (${code}): ${banner}`)));
  });
}, 30_000);
afterAll(() => {
  child?.kill();
});

/** A POST to the command line's server with the headers exactly as given (Host included). */
const post = (path: string, headers: Record<string, string>, body: string) =>
  rawPost(port, path, headers, body);

const json = { 'Content-Type': 'application/json' };

describe('the command line', () => {
  it('lets /__mock answer only the address it listens on', async () => {
    const evil = `evil.example:${port}`;
    const rebound = await post(
      '/__mock/reset',
      { ...json, Host: evil, Origin: `http://${evil}` },
      '{}',
    );
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ result: 1, data: null });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await post('/__mock/reset', { ...json, Host: host }, '{}')).status, host).toBe(200);
    }
    expect((await post('/__mock/reset', { ...json, Host: '127.0.0.1:1' }, '{}')).status).toBe(403);
  });

  it('gives sessions --session-hours, in the cookies too', async () => {
    const res = await post(
      '/api/auth/orize.json',
      { ...json, Host: `127.0.0.1:${port}` },
      JSON.stringify({ login: 'student', password: 'Student1' }),
    );
    expect(res.status).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Max-Age=(1800|1799);/);
  });

  it('answers a client that has not sent its headers within --headers-timeout 408 and disconnects it', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.write('POST /api/auth/orize.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // the default (10 s) would still hold it: given up on, with no answer, after 5 s
    const givenUp = setTimeout(() => socket.destroy(), 5000);
    await new Promise((resolve) => socket.once('close', resolve));
    clearTimeout(givenUp);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
