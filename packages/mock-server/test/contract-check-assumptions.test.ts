import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runCheck, summaryLine, type CheckReport } from '@lms/contract/check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  answerWith,
  blamed,
  closeServers,
  json,
  startLyingServer,
  startMock,
  type Lie,
} from './lying-server.js';

// The assumption report tells a server from a generator: an answer that matches an assumed shape
// confirms it only when the server kept its own session and owner rules during the run and the
// read that gave it answered the same when asked twice. Prism's dynamic mock (`-d`, every answer
// made up anew from the contract's schemas) matches the shapes and confirms none; the mock server,
// a real server of this contract, confirms them.

const require = createRequire(import.meta.url);

// Two whole runs, one against a generator that makes every answer up: a loaded machine may take
// several times its usual half minute, and must make the test slower, never red.
const TWO_RUNS_MS = 240_000;
const children: ChildProcess[] = [];

/** Prism's dynamic mock of the bundled contract, on a port the system gives out. */
async function startGenerator(): Promise<string> {
  const prism = require.resolve('@stoplight/prism-cli');
  const contract = fileURLToPath(new URL('../../../spec/generated/openapi.json', import.meta.url));
  const child = spawn(
    process.execPath,
    [prism, 'mock', '-d', contract, '-h', '127.0.0.1', '-p', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let log = '';
    let ready = false;
    // it logs every request: its output is read on (or it would stall) but kept only until ready
    const read = (chunk: Buffer) => {
      if (ready) return;
      log += chunk.toString();
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (listening?.[1]) {
        ready = true;
        resolve(listening[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}: ${log}`)));
  });
}

/** Sign-in (and authenticate) answered by `server`: the generator's other answers get a session. */
const signInAt = (server: string): Lie => ({
  request: async (x) => {
    if (x.path !== '/api/auth/orize.json' && x.path !== '/api/auth/enticate.json') return false;
    await answerWith(
      x,
      await fetch(`${server}${x.path}`, { method: x.method, headers: x.headers, body: x.body }),
    );
    return true;
  },
});

/** Every profile answer with a phone number of its own: the same read, asked twice, differs. */
function changingPhone(): Lie {
  let calls = 0;
  return {
    answer: (x) => {
      if (x.path !== '/api/profile/data.json' || x.status !== 200) return;
      const body = json(x.answer) as { data: Record<string, unknown> };
      calls += 1;
      body.data.phone = `+996 555 ${String(100_000 + calls)}`;
      x.answer = Buffer.from(JSON.stringify(body));
    },
  };
}

const verdicts = (report: CheckReport) =>
  new Map(report.assumptions.map((line) => [line.unit, line.verdict]));
const units = (report: CheckReport, verdict: string) =>
  report.assumptions.filter((line) => line.verdict === verdict).map((line) => line.unit);

let mock = '';
let generator = '';
beforeAll(async () => {
  [mock, generator] = await Promise.all([startMock(), startGenerator()]);
});
afterAll(() => {
  closeServers();
  for (const child of children) child.kill();
});

describe('the assumption report', () => {
  it('confirms nothing a generator answers: it cannot sign in there, so every shape is unexercised or only seen', async () => {
    const report = await runCheck({ target: generator, ...accounts });
    expect(report.signInFailed).toBe(true);
    expect(summaryLine(report)).toMatch(/NOT CHECKED — could not sign in as the teacher "teacher"/);
    expect(units(report, 'confirmed')).toEqual([]);
    expect(report.assumptions.length).toBeGreaterThan(100);
    for (const line of report.assumptions) {
      expect(['never exercised', 'seen, not confirmed'], line.unit).toContain(line.verdict);
    }
  });

  it(
    'confirms nothing a generator answers behind a real sign-in, where the mock server confirms the same shapes',
    async () => {
      // no slow-client probe (contract-check-security.test.ts's): the proxy would keep it a minute
      const options = { ...accounts, readOnly: true, slowClientSeconds: 0 };
      const generated = await runCheck({
        target: await startLyingServer(generator, [signInAt(mock)]),
        ...options,
      });
      const served = await runCheck({ target: mock, ...options });

      expect(generated.signInFailed).toBe(false);
      expect(units(generated, 'confirmed')).toEqual([]);
      const seen = units(generated, 'seen, not confirmed');
      // the generator's answers matched these shapes: without the server's conduct they would count
      expect(seen.length).toBeGreaterThan(50);
      const seenLines = generated.assumptions.filter((l) => l.verdict === 'seen, not confirmed');
      for (const line of seenLines) {
        expect(line.reasons[0], line.unit).toMatch(/^not a server's conduct: .*owner failed on /);
      }
      // and, on their own, its reads answer other data each time they are asked
      const unsteady = seenLines.filter((line) =>
        line.reasons.some((reason) => /, asked twice, answered differently \(\/data/.test(reason)),
      );
      expect(unsteady.length).toBeGreaterThan(seen.length / 2);
      // the positive control: the same shapes, answered by a server, are confirmed
      expect(served.results.filter((r) => r.outcome === 'fail')).toEqual([]);
      const confirmed = verdicts(served);
      for (const unit of seen) expect(confirmed.get(unit), unit).toBe('confirmed');
    },
    TWO_RUNS_MS,
  );

  it('confirms no shape that a read answers differently when asked twice, and blames no check for it', async () => {
    const report = await runCheck({
      target: await startLyingServer(mock, [changingPhone()]),
      ...accounts,
      slowClientSeconds: 0,
    });
    expect(blamed(report)).toEqual(new Set());
    for (const unit of ['schema ProfileData', 'operation profileGetData']) {
      const line = report.assumptions.find((l) => l.unit === unit);
      expect(line?.verdict, unit).toBe('seen, not confirmed');
      expect(line?.reasons, unit).toEqual([
        'profileGetData, asked twice, answered differently (/data/phone)',
      ]);
    }
    expect(verdicts(report).get('schema VisitLogJournal')).toBe('confirmed');
  });
});
