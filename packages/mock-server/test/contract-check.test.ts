import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { findOperation } from '@lms/contract';
import { runCheck, type CheckReport } from '@lms/contract/check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';

// The backend team's contract checker (packages/contract) against the mock server, and against the
// mock behind a small proxy that breaks three operations in three ways.
const accounts = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  student: { login: 'student', password: 'Student1' },
};

const servers: { close: () => void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function listen(server: Server | ReturnType<typeof serveApp>) {
  servers.push(server);
  if (!server.listening)
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startMock() {
  return listen(
    serveApp(createApp({ validateResponses: false }), { port: 0, hostname: '127.0.0.1' }),
  );
}

/**
 * The mock, broken: misc/years drops each year's required `name`, umk/types answers 500, and
 * singlewindow/order/save takes a write without (or with a wrong) X-XSRF-TOKEN by adding the right
 * one itself.
 */
async function startBrokenServer(mock: string) {
  const server = createServer((req, res) => void forward(req, res));
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
        headers.set(name, value);
    }
    const path = req.url ?? '/';
    if (path === '/api/umk/types') {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ result: 1, error: 'broken on purpose', data: null }));
      return;
    }
    if (path === '/api/singlewindow/order/save') {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1];
      if (xsrf) headers.set('x-xsrf-token', decodeURIComponent(xsrf));
    }
    const answer = await fetch(`${mock}${path}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'set-cookie')
        out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    let body = Buffer.from(await answer.arrayBuffer());
    if (path === '/api/misc/years' && answer.ok) {
      const json = JSON.parse(body.toString()) as { data: Record<string, unknown>[] };
      json.data = json.data.map(({ name: _name, ...rest }) => rest);
      body = Buffer.from(JSON.stringify(json));
    }
    res.writeHead(answer.status, out);
    res.end(body);
  }
  server.listen(0, '127.0.0.1');
  return listen(server);
}

let mock = '';
beforeAll(async () => {
  mock = await startMock();
});

describe('the contract checker', () => {
  it('passes every check on every operation against the mock server, from the command line', async () => {
    const cli = fileURLToPath(new URL('../../contract/src/check/cli.ts', import.meta.url));
    const junit = `${process.env.TMPDIR ?? '/tmp'}/contract-check-${process.pid}.xml`;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--target',
        mock,
        '--teacher',
        'teacher:Teacher1',
        '--student',
        'student:Student1',
        '--junit',
        junit,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toMatch(/Contract check of .*: \d+ checks, 0 failed/);
    expect(out).toContain('No failures.');
    expect(out).not.toContain('not exercised:');
    expect(out).toMatch(
      /Assumptions \(x-assumed\): \d+ confirmed, 0 contradicted, 0 never exercised/,
    );
    expect(code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*failures="0" skipped="0"/);
    expect(xml).toContain('<testsuite name="visitlogGetJournal"');
  });

  it('names each broken operation and check against a broken server', async () => {
    const broken = await startBrokenServer(mock);
    const report: CheckReport = await runCheck({ target: broken, ...accounts, seed: 2 });
    const failed = report.results.filter((r) => r.outcome === 'fail');
    const names = failed.map((r) => `${r.operationId} ${r.check}`);
    expect(names).toContain('miscGetYears answers');
    expect(failed.find((r) => r.operationId === 'miscGetYears')?.detail).toMatch(/\/data\/0\/name/);
    expect(names).toContain('umkGetTypes answers');
    expect(names).toContain('umkGetTypes valid');
    expect(
      failed.find((r) => r.operationId === 'umkGetTypes' && r.check === 'answers')?.detail,
    ).toMatch(/500/);
    expect(names).toContain('singlewindowSaveOrder xsrf-missing');
    expect(names).toContain('singlewindowSaveOrder xsrf-wrong');
    // nothing else is blamed
    expect(new Set(failed.map((r) => r.operationId))).toEqual(
      new Set(['miscGetYears', 'umkGetTypes', 'singlewindowSaveOrder']),
    );
    expect(report.assumptions.find((a) => a.unit === 'schema AcademicYear')?.verdict).toBe(
      'contradicted',
    );
  });

  it('sends no writes in read-only mode', async () => {
    const writes: string[] = [];
    const app = createApp();
    const server = createServer((req, res) => void serveOne(req, res));
    async function serveOne(req: IncomingMessage, res: ServerResponse) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host') headers.set(name, value);
      }
      const answer = await app.request(`http://lms.test${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const op = findOperation(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname);
      if (op?.isWrite) writes.push(`${op.operationId} ${answer.status}`);
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'set-cookie') out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length > 0) out['set-cookie'] = cookies;
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
    server.listen(0, '127.0.0.1');
    const target = await listen(server);
    const report = await runCheck({ target, ...accounts, readOnly: true });
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(writes).toEqual([]);
    expect(
      report.results
        .filter((r) => r.outcome === 'skip')
        .every((r) => r.detail.startsWith('read-only')),
    ).toBe(true);
  });
});
