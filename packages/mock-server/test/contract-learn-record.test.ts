import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';
import { BINARY, httpSession, listen } from './contract-learn-traffic.js';

// `pnpm contract:proxy --record <file.har>` as a process: the traffic passes unchanged (bodies
// byte for byte, each Set-Cookie on its own), and the recording is a whole, valid HAR while the
// proxy runs and after it is stopped with SIGTERM or SIGINT, the last exchanges included.
const contract = fileURLToPath(new URL('../../contract/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'lms-record-'));
const children: ChildProcess[] = [];
let mock = '';
let mockServer: { close: () => void };

beforeAll(async () => {
  const server = serveApp(createApp(), { port: 0, hostname: '127.0.0.1' });
  mockServer = server;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  mock = await listen(server as never);
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  mockServer.close();
  rmSync(work, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The proxy's command line, recording into `file`, once it answers. */
async function startProxy(file: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/proxy/cli.ts',
      '--target',
      mock,
      '--port',
      String(port),
      '--record',
      file,
    ],
    { cwd: contract, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 200; tries++) {
    if (/Contract proxy on/.test(output)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(output).toMatch(/every exchange is recorded in/);
  const stopped = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { base, child, stopped, output: () => output };
}

type Har = {
  log: {
    creator: { name: string };
    entries: {
      request: { url: string };
      response: { status: number; content: Record<string, unknown> };
    }[];
  };
};
const readHar = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Har;

describe('the validating proxy’s --record', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`passes traffic unchanged and leaves a whole recording when stopped by ${signal}`, async () => {
      const file = join(work, `${signal}.har`);
      const proxy = await startProxy(file);
      // a valid, empty recording from the start
      expect(readHar(file).log).toMatchObject({
        creator: { name: 'lms-contract-proxy' },
        entries: [],
      });

      const direct = await fetch(`${mock}/api/auth/orize.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'teacher', password: 'Teacher1' }),
      });
      const proxied = await fetch(`${proxy.base}/api/auth/orize.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'teacher', password: 'Teacher1' }),
      });
      expect(proxied.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(
        direct.headers.getSetCookie().map((c) => c.split('=')[0]),
      );
      await direct.arrayBuffer();
      await proxied.arrayBuffer();

      const teacher = await httpSession(proxy.base, 'teacher', 'Teacher1');
      const form = new FormData();
      for (const [name, value] of Object.entries({
        uid: teacher.user.uid,
        role: 1,
        id: teacher.user.id,
        message: 'Запись',
        audience: 0,
        id_faculty: -1,
      })) {
        form.append(name, String(value));
      }
      form.append('file', new Blob([BINARY], { type: 'application/octet-stream' }), 'bytes.bin');
      const inserted = await teacher.form('/api/news/insert.json', form);
      expect(inserted.status).toBe(200);
      const { id_eventMessage } = inserted.body.data as { id_eventMessage: number };
      const name = encodeURIComponent(`${id_eventMessage}_bytes.bin`);
      const download = await teacher.get(`/lms/api/news/download.file?filename=${name}&type=4`);
      expect(download.bytes).toEqual(BINARY);

      // while it runs, the file is rewritten whole a moment after the traffic stops
      let running: Har['log']['entries'] = [];
      for (let tries = 0; tries < 60 && running.length < 4; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        running = readHar(file).log.entries;
      }
      expect(running).toHaveLength(4);

      proxy.child.kill(signal);
      expect(await proxy.stopped).toBe(0);
      expect(proxy.output()).toMatch(/4 exchanges recorded/);
      const entries = readHar(file).log.entries;
      expect(entries.map((e) => new URL(e.request.url).pathname)).toEqual([
        '/api/auth/orize.json',
        '/api/auth/orize.json',
        '/api/news/insert.json',
        '/lms/api/news/download.file',
      ]);
      const recorded = entries.at(-1)!.response.content;
      expect(recorded.encoding).toBe('base64');
      expect(Buffer.from(String(recorded.text), 'base64')).toEqual(Buffer.from(BINARY));
    });
  }
});
