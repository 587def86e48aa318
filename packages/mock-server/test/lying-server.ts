// The contract checker's test kit: the mock server on a port, proxies in front of it that lie the
// ways real backends do (each lie rewrites a request or an answer), the checker's command line,
// and the questions the tests ask of a report (what failed, what was blamed).
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CheckReport } from '@lms/contract/check';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';

export const accounts = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  student: { login: 'student', password: 'Student1' },
  teacher2: { login: 'teacher2', password: 'Teacher2' },
  student2: { login: 'student2', password: 'Student2' },
};

/** The first teacher and student on the command line; `allFlags` adds the second of each. */
export const mainFlags = ['--teacher', 'teacher:Teacher1', '--student', 'student:Student1'];
export const allFlags = [
  ...mainFlags,
  '--teacher2',
  'teacher2:Teacher2',
  '--student2',
  'student2:Student2',
];

const servers: { close: () => void }[] = [];

/** Closes every server this kit started (each test file calls it after all its tests). */
export const closeServers = () => servers.splice(0).forEach((server) => server.close());

export async function listen(server: Server | ReturnType<typeof serveApp>) {
  servers.push(server);
  if (!server.listening)
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const startMock = () =>
  listen(serveApp(createApp({ validateResponses: false }), { port: 0, hostname: '127.0.0.1' }));

/** A request as the proxy saw it, and the answer it will give (both may be rewritten). */
export interface Exchange {
  path: string;
  method: string;
  headers: Headers;
  body: Buffer;
  status: number;
  answerHeaders: Headers;
  answer: Buffer;
  /** Sends another request to the server behind the proxy (a lie that signs in again, say). */
  forward: (path: string, init: RequestInit) => Promise<Response>;
}

export interface Lie {
  /** Before the request goes on; answering here keeps it from the server behind. */
  request?: (x: Exchange) => Promise<boolean | void> | boolean | void;
  /** After the server behind answered. */
  answer?: (x: Exchange) => Promise<void> | void;
}

export const json = (buffer: Buffer) => JSON.parse(buffer.toString()) as Record<string, unknown>;

export const envelope = (data: unknown) =>
  Buffer.from(JSON.stringify({ result: 0, error: null, data }));

/** Takes an exchange's answer from a response (its status, headers and body). */
export async function answerWith(x: Exchange, response: Response) {
  x.status = response.status;
  x.answerHeaders = response.headers;
  x.answer = Buffer.from(await response.arrayBuffer());
}

/**
 * A request that reached a test server: its headers for the next hop (less Host and
 * Content-Length, which the next hop sets from its own address and body) and its body.
 */
export async function readRequest(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
      headers.set(name, value);
  }
  return { headers, body: Buffer.concat(chunks) };
}

/** Sends an answer on: its status, its headers but `dropped`, each Set-Cookie a line of its own. */
export function sendAnswer(
  res: ServerResponse,
  status: number,
  headers: Headers,
  body: Buffer,
  dropped: readonly string[] = [],
) {
  const out: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !dropped.includes(name)) out[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(status, out);
  res.end(body);
}

/** A proxy in front of `behind` that passes everything through except what its lies rewrite. */
export async function startLyingServer(behind: string, lies: Lie[]) {
  const forward = (path: string, init: RequestInit) => fetch(`${behind}${path}`, init);
  const server = createServer((req, res) => void relay(req, res));
  async function relay(req: IncomingMessage, res: ServerResponse) {
    const { headers, body } = await readRequest(req);
    const x: Exchange = {
      path: req.url ?? '/',
      method: req.method ?? 'GET',
      headers,
      body,
      status: 0,
      answerHeaders: new Headers(),
      answer: Buffer.alloc(0),
      forward,
    };
    let answered = false;
    for (const lie of lies) if (!answered && lie.request) answered = Boolean(await lie.request(x));
    if (!answered) {
      await answerWith(
        x,
        await forward(x.path, {
          method: x.method,
          headers: x.headers,
          body: x.body.length > 0 ? x.body : undefined,
        }),
      );
    }
    for (const lie of lies) await lie.answer?.(x);
    // fetch() has decoded the body and will not say its length: the proxy's answer says its own
    sendAnswer(res, x.status, x.answerHeaders, x.answer, ['content-length', 'content-encoding']);
  }
  server.listen(0, '127.0.0.1');
  return listen(server);
}

export const failures = (report: CheckReport) => report.results.filter((r) => r.outcome === 'fail');
export const failed = (report: CheckReport, operationId: string, check: string) =>
  failures(report).find((r) => r.operationId === operationId && r.check === check);
export const blamed = (report: CheckReport) =>
  new Set(failures(report).map((r) => `${r.operationId} ${r.check}`));
/** Runs the checker's command line; resolves with its exit code, its output and its JUnit file. */
export async function cli(args: string[]) {
  const path = fileURLToPath(new URL('../../contract/src/check/cli.ts', import.meta.url));
  const junit = `${process.env.TMPDIR ?? '/tmp'}/contract-check-${process.pid}-${Date.now()}.xml`;
  const child = spawn(process.execPath, ['--import', 'tsx', path, ...args, '--junit', junit], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the report on stdout; progress lines go to stderr
  let out = '';
  let progress = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (progress += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // --help and a wrong call write none
  const xml = await readFile(junit, 'utf8').catch(() => '');
  await rm(junit, { force: true });
  return { code, out, progress, xml };
}
