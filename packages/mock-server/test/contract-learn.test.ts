import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContractProxy, type ContractProxy } from '@lms/contract/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarRecorder } from '@lms/contract/recorder';
import { learnFromRecordings } from '@lms/contract/learn';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';
import { BINARY, listen, rewritingServer, scriptedSession } from './contract-learn-traffic.js';

// The traffic learner (pnpm contract:learn) on recordings the validating proxy made (--record):
// of the mock server, which keeps the contract, and of a server that answers differently.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const learnCli = join(repo, 'packages/contract/src/learn/cli.ts');
const diffCli = join(repo, 'packages/contract/src/diff/cli.ts');
const work = mkdtempSync(join(tmpdir(), 'lms-learn-'));
const closers: (() => void)[] = [];
afterAll(() => {
  closers.forEach((close) => close());
  rmSync(work, { recursive: true, force: true });
});

let mock = '';
beforeAll(async () => {
  const server = serveApp(createApp(), { port: 0, hostname: '127.0.0.1' });
  closers.push(() => server.close());
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  mock = await listen(server as never);
});

/** The validating proxy recording in front of `target`; its drifts, and the HAR's path. */
async function recordingProxy(target: string, name: string) {
  const file = join(work, name);
  const recorder = createHarRecorder(file);
  const drifts: string[] = [];
  const proxy: ContractProxy = createContractProxy({
    target,
    recorder,
    onDrift: (drift) => drifts.push(drift.message),
  });
  const base = await listen(proxy);
  return {
    base,
    drifts,
    file,
    async stop() {
      await proxy.settled();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      recorder.close();
    },
  };
}

const runLearn = (args: string[]) =>
  spawnSync(tsx, [learnCli, ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env } });

describe('the traffic learner on the proxy’s recordings', () => {
  it('finds no contradiction in the mock server’s traffic, and confirms assumptions', async () => {
    const proxy = await recordingProxy(mock, 'mock.har');
    const session = await scriptedSession(proxy.base);
    await proxy.stop();
    expect(session.statuses.every((status) => status === 200)).toBe(true);
    expect(proxy.drifts).toEqual([]);

    const har = JSON.parse(readFileSync(proxy.file, 'utf8')) as {
      log: {
        creator: { name: string };
        entries: { response: { content: Record<string, unknown> } }[];
      };
    };
    expect(har.log.creator.name).toBe('lms-contract-proxy');
    // the download came back byte for byte, and is recorded as base64
    const download = har.log.entries.find((e) => e.response.content.encoding === 'base64');
    expect(Buffer.from(String(download?.response.content.text), 'base64')).toEqual(
      Buffer.from(BINARY),
    );

    const { report } = await learnFromRecordings([proxy.file]);
    expect(report.summary.contradicted).toBe(0);
    expect(report.confirmedShapes).toEqual([]);
    expect(report.unknownCalls).toEqual([]);
    expect(report.sessions).toBe(2);
    const verdict = (unit: string) => report.assumptions.find((u) => u.unit === unit);
    expect(verdict('schema AcademicYear')).toMatchObject({
      verdict: 'confirmed',
      sessions: 2,
      operations: ['miscGetYears'],
    });
    expect(verdict('schema NewsInsertForm')?.verdict).toBe('confirmed');
    expect(verdict('operation checkNews')?.verdict).toBe('confirmed');
    expect(verdict('schema ChatMessagesPage')?.verdict).toBe('confirmed');
    expect(report.summary.confirmed).toBeGreaterThan(10);

    const cli = runLearn([proxy.file]);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^NO CONTRADICTION: \d+ assumptions confirmed, 0 contradicted/m);
  });

  it('names each difference of a server that answers differently, and --write proposes them', async () => {
    const rewriting = rewritingServer(mock);
    const target = await listen(rewriting);
    closers.push(() => rewriting.close());
    const proxy = await recordingProxy(target, 'rewritten.har');
    await scriptedSession(proxy.base);
    const stats = await fetch(`${proxy.base}/api/news/stats`, { method: 'POST', body: '{}' });
    expect(stats.status).toBe(200);
    await proxy.stop();

    const { report } = await learnFromRecordings([proxy.file]);
    const contradictions = [...report.assumptions, ...report.confirmedShapes].flatMap(
      (unit) => unit.contradictions,
    );
    const about = (operationId: string, field: string) =>
      contradictions.find((c) => c.operationId === operationId && c.field === field);
    // the renamed field
    expect(about('miscGetYears', '/data/*/name')).toMatchObject({
      unit: 'schema AcademicYear',
      keyword: 'required',
      renamedTo: 'title',
      sessions: 2,
    });
    // the number sent as a string, with a redacted example
    expect(about('miscGetYears', '/data/*/id_a_year')).toMatchObject({
      unit: 'schema AcademicYear',
      contract: 'integer',
      seen: ['string'],
      example: expect.stringMatching(/^"<string, \d chars?, digits>"$/),
    });
    // the list wrapped in an object: a shape the contract does not mark assumed
    expect(report.confirmedShapes.map((u) => u.unit)).toContain('operation getNews');
    expect(about('getNews', '/data')).toMatchObject({ contract: 'array', seen: ['object'] });
    // the optional list left out: not a contradiction, but said
    expect(report.optionalNeverSent).toContainEqual(
      expect.objectContaining({ operationId: 'chatGetMessages', field: '/data/messages/*/files' }),
    );
    expect(report.unknownCalls).toEqual([{ method: 'POST', path: '/api/news/stats', count: 1 }]);

    // --write into a copy of the contract in a repository of its own, then the contract diff
    const repoCopy = join(work, 'repo');
    cpSync(join(repo, 'spec'), join(repoCopy, 'spec'), {
      recursive: true,
      filter: (source) => !/node_modules|[/\\]dist$/.test(source),
    });
    const git = (...args: string[]) =>
      spawnSync('git', args, {
        cwd: repoCopy,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'contract');
    const written = runLearn([
      proxy.file,
      '--write',
      '--spec-dir',
      join(repoCopy, 'spec'),
      '--json',
    ]);
    expect(written.status, written.stderr).toBe(1);
    const result = JSON.parse(written.stdout) as {
      written: { files: string[]; changes: string[] };
    };
    expect(result.written.files).toEqual(
      expect.arrayContaining(['schemas/common.yaml', 'paths/news.yaml']),
    );
    const common = readFileSync(join(repoCopy, 'spec/schemas/common.yaml'), 'utf8');
    expect(common).toMatch(/required: \[id_a_year, title\]/);
    // the change is written as the tree formats its YAML
    const prettier = spawnSync(
      join(repo, 'node_modules/.bin/prettier'),
      [
        '--config',
        join(repo, '.prettierrc.json'),
        '--check',
        ...result.written.files.map((f) => join(repoCopy, 'spec', f)),
      ],
      { encoding: 'utf8' },
    );
    expect(prettier.status, prettier.stdout + prettier.stderr).toBe(0);
    expect(git('diff', '--stat').stdout).toMatch(/generated\/openapi\.json/);

    const diff = spawnSync(
      tsx,
      [diffCli, 'HEAD', '--root', repoCopy, '--web', join(repo, 'packages/web/src'), '--json'],
      { cwd: repo, encoding: 'utf8' },
    );
    expect(diff.status, diff.stderr).toBe(0);
    const rows = (
      JSON.parse(diff.stdout) as {
        rows: { operations: { operationId: string }[]; field: string; change: string }[];
      }
    ).rows;
    const changed = rows.map(
      (row) => `${row.operations.map((o) => o.operationId).join(',')} ${row.field} ${row.change}`,
    );
    expect(changed.some((line) => /miscGetYears/.test(line) && /title/.test(line))).toBe(true);
    expect(changed.some((line) => /getNews/.test(line))).toBe(true);
  }, 120_000);
});
