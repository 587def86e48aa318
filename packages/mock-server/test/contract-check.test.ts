import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { findOperation } from '@lms/contract';
import { runCheck, summaryLine, type CheckReport } from '@lms/contract/check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';

// The backend team's contract checker (packages/contract) against the mock server, and against the
// mock behind proxies that lie the ways real backends do: each lie must be caught, naming the
// operation and the field or rule, and nothing else may be blamed.
const accounts = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  student: { login: 'student', password: 'Student1' },
  teacher2: { login: 'teacher2', password: 'Teacher2' },
  student2: { login: 'student2', password: 'Student2' },
};
const flags = [
  '--teacher',
  'teacher:Teacher1',
  '--student',
  'student:Student1',
  '--teacher2',
  'teacher2:Teacher2',
  '--student2',
  'student2:Student2',
];

const servers: { close: () => void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function listen(server: Server | ReturnType<typeof serveApp>) {
  servers.push(server);
  if (!server.listening)
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const startMock = () =>
  listen(serveApp(createApp({ validateResponses: false }), { port: 0, hostname: '127.0.0.1' }));

/** A request as the proxy saw it, and the answer it will give (both may be rewritten). */
interface Exchange {
  path: string;
  method: string;
  headers: Headers;
  body: Buffer;
  status: number;
  answerHeaders: Headers;
  answer: Buffer;
  /** Sends another request to the mock (a lie that signs in again, say). */
  forward: (path: string, init: RequestInit) => Promise<Response>;
}

interface Lie {
  /** Before the request goes to the mock; answering here keeps it from the mock. */
  request?: (x: Exchange) => Promise<boolean | void> | boolean | void;
  /** After the mock answered. */
  answer?: (x: Exchange) => Promise<void> | void;
}

const json = (buffer: Buffer) => JSON.parse(buffer.toString()) as Record<string, unknown>;

/**
 * A request that reached a test server: its headers for the next hop (less Host and
 * Content-Length, which the next hop sets from its own address and body) and its body.
 */
async function readRequest(req: IncomingMessage) {
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
function sendAnswer(
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

/** A proxy in front of the mock that passes everything through except what its lies rewrite. */
async function startLyingServer(mock: string, lies: Lie[]) {
  const forward = (path: string, init: RequestInit) => fetch(`${mock}${path}`, init);
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
      const answer = await forward(x.path, {
        method: x.method,
        headers: x.headers,
        body: x.body.length > 0 ? x.body : undefined,
      });
      x.status = answer.status;
      x.answerHeaders = answer.headers;
      x.answer = Buffer.from(await answer.arrayBuffer());
    }
    for (const lie of lies) await lie.answer?.(x);
    // fetch() has decoded the body and will not say its length: the proxy's answer says its own
    sendAnswer(res, x.status, x.answerHeaders, x.answer, ['content-length', 'content-encoding']);
  }
  server.listen(0, '127.0.0.1');
  return listen(server);
}

const envelope = (data: unknown) => Buffer.from(JSON.stringify({ result: 0, error: null, data }));

/**
 * A server that does not look whose data is asked for: the mock's refusal of another person's data
 * on `path` becomes the last 200 anyone got there.
 */
function leaks(path: string): Lie {
  let last: Buffer | null = null;
  return {
    answer: (x) => {
      if (x.path !== path) return;
      if (x.status === 200) last = x.answer;
      else if (x.status === 403 && last && /names another/.test(x.answer.toString())) {
        x.status = 200;
        x.answer = last;
      }
    },
  };
}

/** A classmate's row added to every journal a student reads. */
const classmateRow: Lie = {
  answer: (x) => {
    if (x.path !== '/api/visitlog/getjournalforstudent' || x.status !== 200) return;
    const body = json(x.answer) as { data: { data: { id_student: number }[] } };
    const own = body.data.data[0];
    if (own) body.data.data.push({ ...own, id_student: own.id_student + 1 });
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

/** The profile answer carries a password hash the contract does not declare. */
const passwordHash: Lie = {
  answer: (x) => {
    if (x.path !== '/api/profile/data.json' || x.status !== 200) return;
    const body = json(x.answer) as { data: Record<string, unknown> };
    body.data.passwordHash = '$2b$10$abcdefghijklmnopqrstuv';
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

/** CORS that reflects any Origin, with credentials. */
const reflectedCors: Lie = {
  answer: (x) => {
    const origin = x.headers.get('origin');
    if (!origin) return;
    const headers = new Headers(x.answerHeaders);
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-allow-credentials', 'true');
    x.answerHeaders = headers;
  },
};

/** A role refusal answered 200: the student's UMK save "succeeds" (nothing is stored). */
const roleAnswered200: Lie = {
  answer: (x) => {
    if (x.path !== '/api/umk/insertorupdateumk' || x.status !== 403) return;
    if (!/not for this role/.test(x.answer.toString())) return;
    x.status = 200;
    x.answer = envelope({ idBook: 1 });
  },
};

/**
 * Sessions that outlive their end (logout, a password change): a token the mock no longer knows
 * is signed in again behind the client's back with the credentials it first signed in with.
 */
function immortalSessions(): Lie {
  const credentials = new Map<string, string>();
  const tokenOf = (cookie: string | null) => /(?:^|;\s*)token=([^;]+)/.exec(cookie ?? '')?.[1];
  return {
    request: async (x) => {
      const token = tokenOf(x.headers.get('cookie'));
      if (!token || !credentials.has(token)) return false;
      const probe = await x.forward(x.path, {
        method: x.method,
        headers: x.headers,
        body: x.body.length > 0 ? x.body : undefined,
      });
      if (probe.status !== 401) {
        x.status = probe.status;
        x.answerHeaders = probe.headers;
        x.answer = Buffer.from(await probe.arrayBuffer());
        return true;
      }
      await probe.arrayBuffer();
      const again = await x.forward('/api/auth/orize.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: credentials.get(token)!,
      });
      await again.arrayBuffer();
      const fresh = again.headers.getSetCookie().map((line) => line.split(';')[0]);
      const headers = new Headers(x.headers);
      headers.set('cookie', fresh.join('; '));
      const retried = await x.forward(x.path, {
        method: x.method,
        headers,
        body: x.body.length > 0 ? x.body : undefined,
      });
      x.status = retried.status;
      x.answerHeaders = new Headers([...retried.headers].filter(([n]) => n !== 'set-cookie'));
      x.answer = Buffer.from(await retried.arrayBuffer());
      return true;
    },
    answer: (x) => {
      if (x.path !== '/api/auth/orize.json' || x.status !== 200) return;
      const token = tokenOf(x.answerHeaders.getSetCookie().join('; '));
      if (token) credentials.set(token, x.body.toString());
    },
  };
}

/** Sign-in that a generated mock (Prism) would give: 200 with the example, no cookie, role 3. */
const cookielessSignIn: Lie = {
  request: (x) => {
    if (x.path !== '/api/auth/orize.json') return false;
    x.status = 200;
    x.answerHeaders = new Headers({ 'content-type': 'application/json' });
    x.answer = envelope({ uid: 1, id: 1, role: 3, name: 'Example' });
    return true;
  },
};

/** A write without (or with a wrong) X-XSRF-TOKEN taken: the proxy adds the right one. */
const xsrfAdded: Lie = {
  request: (x) => {
    if (x.path !== '/api/singlewindow/order/save') return;
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(x.headers.get('cookie') ?? '')?.[1];
    if (xsrf) x.headers.set('x-xsrf-token', decodeURIComponent(xsrf));
  },
};

/** misc/years drops each year's required `name`; umk/types answers 500. */
const brokenShapes: Lie = {
  request: (x) => {
    if (x.path !== '/api/umk/types') return false;
    x.status = 500;
    x.answerHeaders = new Headers({ 'content-type': 'application/json' });
    x.answer = Buffer.from(JSON.stringify({ result: 1, error: 'broken on purpose', data: null }));
    return true;
  },
  answer: (x) => {
    if (x.path !== '/api/misc/years' || x.status !== 200) return;
    const body = json(x.answer) as { data: Record<string, unknown>[] };
    body.data = body.data.map(({ name: _name, ...rest }) => rest);
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

const failures = (report: CheckReport) => report.results.filter((r) => r.outcome === 'fail');
const failed = (report: CheckReport, operationId: string, check: string) =>
  failures(report).find((r) => r.operationId === operationId && r.check === check);
const blamed = (report: CheckReport) =>
  new Set(failures(report).map((r) => `${r.operationId} ${r.check}`));

/** Runs the CLI; resolves with its exit code, its output and its JUnit file. */
async function cli(args: string[]) {
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
  return { code, out, progress, xml: await readFile(junit, 'utf8') };
}

let mock = '';
beforeAll(async () => {
  mock = await startMock();
});

describe('the contract checker', () => {
  it('passes every check on every operation against the mock server, from the command line', async () => {
    const { code, out, xml } = await cli(['--target', mock, ...flags, '--strict-fields']);
    expect(out.split('\n')[0]).toMatch(
      /^Contract check of .*: PASSED — all \d+ checks on 85 of 85 operations reached, 0 failed/,
    );
    expect(out).toContain('No check failed.');
    expect(out).not.toContain('not exercised:');
    expect(out).toMatch(
      /Assumptions \(x-assumed\): \d+ confirmed, 0 contradicted, 0 never exercised/,
    );
    expect(out).toContain('Posture (reported, not checked):');
    expect(out).toMatch(/^ {2}cookie token +SameSite +good +Lax$/im);
    expect(code).toBe(0);
    expect(xml).toMatch(/<testsuites [^>]*failures="0" errors="0" skipped="0"/);
    // the owner rules were exercised and held, on reads and on writes
    expect(xml).toMatch(
      /<testcase classname="contract.miscGetPaymentCode" name="owner"><\/testcase>/,
    );
    expect(xml).toMatch(
      /<testcase classname="contract.singlewindowCancelOrder" name="owner"><\/testcase>/,
    );
    expect(xml).toMatch(
      /<testcase classname="contract.passwdReset" name="session-end"><\/testcase>/,
    );
  });

  it('without second accounts asks reads with someone else’s listed ids, never writes, and says it is incomplete', async () => {
    const { teacher, student } = accounts;
    const report = await runCheck({ target: mock, teacher, student, seed: 5 });
    expect(failures(report)).toEqual([]);
    const outcome = (operationId: string, check: string) =>
      report.results.find((r) => r.operationId === operationId && r.check === check);
    // a student's payment code and journal asked with a classmate's id_student: refused
    expect(outcome('miscGetPaymentCode', 'owner')?.outcome).toBe('pass');
    expect(outcome('visitlogGetJournalForStudent', 'owner')?.outcome).toBe('pass');
    expect(outcome('singlewindowSaveOrder', 'owner')).toMatchObject({
      outcome: 'skip',
      detail: expect.stringMatching(
        /give --student2\); writes are never sent with anyone else's ids/,
      ),
    });
    expect(summaryLine(report)).toMatch(
      /: INCOMPLETE — 0 of \d+ checks failed, \d+ not exercised; 85 of 85 operations reached/,
    );
  });

  it('catches other people’s data, undeclared secrets, credentialed CORS and a role refusal answered 200', async () => {
    const liar = await startLyingServer(mock, [
      leaks('/api/visitlog/getjournalforstudent'),
      leaks('/api/misc/paymentcode'),
      leaks('/api/singlewindow/order/list'),
      passwordHash,
      reflectedCors,
      roleAnswered200,
    ]);
    const report = await runCheck({ target: liar, ...accounts, seed: 3 });
    for (const [operationId, field] of [
      ['visitlogGetJournalForStudent', 'id_student'],
      ['miscGetPaymentCode', 'id_student'],
      ['singlewindowGetOrderList', 'uid'],
    ] as const) {
      const caught = failed(report, operationId, 'owner');
      expect(caught?.detail, operationId).toMatch(
        /sent by the second (student|teacher) answered 200, expected 403/,
      );
      expect(caught?.detail, operationId).toContain(field);
    }
    expect(failed(report, 'profileGetData', 'fields')?.detail).toMatch(
      /\/data\/passwordHash, not declared by the contract/,
    );
    expect(failed(report, 'profileGetData', 'cors')?.detail).toMatch(
      /Access-Control-Allow-Origin: https:\/\/contract-check.invalid with Access-Control-Allow-Credentials: true/,
    );
    expect(failed(report, 'singlewindowSaveOrder', 'cors')?.detail).toMatch(/a preflight/);
    expect(failed(report, 'umkSave', 'role')?.detail).toMatch(
      /the student's write answered 200, expected 403/,
    );
    // nothing else is blamed: the CORS lie is on every operation, the rest on theirs
    const others = [...blamed(report)].filter((name) => !name.endsWith(' cors'));
    expect(new Set(others)).toEqual(
      new Set([
        'visitlogGetJournalForStudent owner',
        'miscGetPaymentCode owner',
        'singlewindowGetOrderList owner',
        'profileGetData fields',
        'umkSave role',
        // the made-up success is not the declared shape either
        'umkSave answers',
      ]),
    );
  });

  it('catches a classmate’s row in a student’s journal and sessions that outlive logout and a password change', async () => {
    const liar = await startLyingServer(mock, [classmateRow, immortalSessions()]);
    const report = await runCheck({ target: liar, ...accounts, seed: 4 });
    expect(failed(report, 'visitlogGetJournalForStudent', 'owner')?.detail).toMatch(
      /the answer to the student names someone else: \/data\/data\/1\/id_student is \d+, not the caller's \d+/,
    );
    expect(failed(report, 'logout', 'session-end')?.detail).toMatch(
      /the signed-out session's token, sent again, answers 200 \(expected 401\)/,
    );
    expect(failed(report, 'passwdReset', 'session-end')?.detail).toMatch(
      /a session signed in before the password change still answers 200/,
    );
    expect(blamed(report)).toEqual(
      new Set([
        'visitlogGetJournalForStudent owner',
        'logout session-end',
        'passwdReset session-end',
      ]),
    );
  });

  it('names each broken shape, a 500 and a write taken without XSRF', async () => {
    const liar = await startLyingServer(mock, [brokenShapes, xsrfAdded]);
    const report = await runCheck({ target: liar, ...accounts, seed: 2 });
    expect(failed(report, 'miscGetYears', 'answers')?.detail).toMatch(/\/data\/0\/name/);
    expect(failed(report, 'umkGetTypes', 'answers')?.detail).toMatch(/500/);
    expect(failed(report, 'singlewindowSaveOrder', 'xsrf-missing')?.detail).toMatch(
      /without the X-XSRF-TOKEN|header missing answered 200/,
    );
    expect(blamed(report)).toEqual(
      new Set([
        'miscGetYears answers',
        // every request to it answers 500: valid, invalid and without a session alike
        'umkGetTypes answers',
        'umkGetTypes valid',
        'umkGetTypes invalid',
        'umkGetTypes no-session',
        'singlewindowSaveOrder xsrf-missing',
        'singlewindowSaveOrder xsrf-wrong',
      ]),
    );
    expect(report.assumptions.find((a) => a.unit === 'schema AcademicYear')?.verdict).toBe(
      'contradicted',
    );
  });

  it('never reads as a pass when it cannot sign in: the reason, exit 2, every check an error', async () => {
    const wrong = await cli([
      '--target',
      mock,
      '--teacher',
      'teacher:wrong',
      '--student',
      'student:Student1',
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.out.split('\n')[0]).toMatch(
      /NOT CHECKED — could not sign in as the teacher "teacher": status 401 \(expected 200\); result 1 ".+" \(expected 0\); no "token" cookie in Set-Cookie; no person in data; 1 of 85 operations reached/,
    );
    expect(wrong.out).not.toMatch(/PASSED|No check failed/);
    expect(wrong.xml).toMatch(/<testsuites [^>]*failures="0" errors="(\d+)" skipped="0"/);
    const errors = Number(/<testsuites [^>]*errors="(\d+)"/.exec(wrong.xml)?.[1]);
    const cases = wrong.xml.match(/<testcase /g)?.length ?? 0;
    // every check but sign-in's own answer is an error in the JUnit file
    expect(errors).toBeGreaterThan(cases - 3);

    const prism = await runCheck({
      target: await startLyingServer(mock, [cookielessSignIn]),
      ...accounts,
    });
    expect(prism.signInFailed).toBe(true);
    expect(prism.aborted).toMatch(
      /could not sign in as the teacher "teacher": no "token" cookie in Set-Cookie; role 3, outside 1 \(teacher\) and 2 \(student\)/,
    );
    expect(
      prism.results.filter((r) => r.outcome === 'pass' && r.operationId !== 'authorize'),
    ).toEqual([]);
  });

  it('sends no writes in read-only mode', async () => {
    const writes: string[] = [];
    const app = createApp();
    const server = createServer((req, res) => void serveOne(req, res));
    async function serveOne(req: IncomingMessage, res: ServerResponse) {
      const { headers, body } = await readRequest(req);
      const answer = await app.request(`http://lms.test${req.url}`, {
        method: req.method,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const op = findOperation(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname);
      if (op?.isWrite && req.method !== 'OPTIONS')
        writes.push(`${op.operationId} ${answer.status}`);
      sendAnswer(res, answer.status, answer.headers, Buffer.from(await answer.arrayBuffer()));
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
