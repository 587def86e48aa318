import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { learnFromRecordings, type LearnReport } from '../src/learn/learn.js';

// The traffic learner on the HTTP Archives browsers export, built from the mock server's real
// answers in each exporter's own format:
// - chromium-devtools.har: Chromium's DevTools ("WebInspector": `_initiator`, `_resourceType`,
//   `_transferSize`, `_error`, base64 `content.encoding` for a binary answer, a multipart body in
//   `postData.text` without the file's bytes, as DevTools keeps it, and its `params`), with static
//   files of the portal and another site, a redirect, a 304 and an aborted read;
// - firefox.har: Firefox ("Firefox": `postData.params` beside the text, one form kept as params
//   only, an answer body it did not keep (no `content.text`, its comment instead), `cache`,
//   timings of -1, another site's API call);
// - safari.har: Safari's Web Inspector ("WebKit Web Inspector": `_fetchType`, a body served from
//   the memory cache, `postData` without `params`).
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const cli = fileURLToPath(new URL('../src/learn/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'lms-learn-har-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(tsx, [cli, ...args], { encoding: 'utf8' });
const verdict = (report: LearnReport, unit: string) =>
  report.assumptions.find((u) => u.unit === unit);
const contradictions = (report: LearnReport) =>
  report.summary.contradicted + report.summary.contradictsConfirmed;

describe('the traffic learner reads the browsers’ HAR exports', () => {
  it('Chromium: judges the API calls, leaves static files, the 304, the redirect and the aborted read', async () => {
    const { report } = await learnFromRecordings([fixture('chromium-devtools.har')]);
    expect(report.recordings).toEqual([
      { file: 'chromium-devtools.har', creator: 'WebInspector', entries: 15 },
    ]);
    expect(report.exchanges).toMatchObject({
      total: 15,
      redirects: 1,
      judged: 8,
      static: 4,
      notModified: 1,
      failed: 1,
      unknown: 0,
    });
    expect(contradictions(report)).toBe(0);
    expect(report.unknownCalls).toEqual([]);
    expect(report.sessions).toBe(1);
    // the multipart form, read from postData.text; the binary download, from base64
    expect(verdict(report, 'schema NewsInsertForm')).toMatchObject({ verdict: 'confirmed' });
    expect(verdict(report, 'operation downloadNewsFile')).toMatchObject({ verdict: 'confirmed' });
    expect(verdict(report, 'schema AcademicYear')).toMatchObject({
      verdict: 'confirmed',
      exchanges: 1,
      sessions: 1,
      operations: ['miscGetYears'],
    });
    const cliRun = run([fixture('chromium-devtools.har')]);
    expect(cliRun.status, cliRun.stderr).toBe(0);
    expect(cliRun.stdout).toMatch(/^NO CONTRADICTION: 12 assumptions confirmed, 0 contradicted/m);
  });

  it('Firefox: forms from params, answers it did not keep left unjudged, another site’s API counted', async () => {
    const { report } = await learnFromRecordings([fixture('firefox.har')]);
    expect(report.recordings[0]?.creator).toBe('Firefox');
    expect(report.exchanges).toMatchObject({ judged: 9, withoutBody: 1, unknown: 1 });
    expect(contradictions(report)).toBe(0);
    // the same form twice: once from its text, once from params alone
    expect(verdict(report, 'schema NewsInsertForm')).toMatchObject({
      verdict: 'confirmed',
      exchanges: 2,
    });
    // the profile's answer was not kept: its shape is neither confirmed nor contradicted
    expect(verdict(report, 'schema ProfileData')?.verdict).toBe('unseen');
    expect(verdict(report, 'operation profileGetData')?.verdict).toBe('unseen');
    expect(report.unknownCalls).toEqual([
      { method: 'POST', path: 'stats.example.org/api/collect', count: 1 },
    ]);
    const cliRun = run([fixture('firefox.har')]);
    expect(cliRun.status).toBe(1);
    expect(cliRun.stdout).toMatch(/POST stats\.example\.org\/api\/collect ×1/);
  });

  it('Safari: a body from the memory cache is not judged, a JSON body without params is', async () => {
    const { report } = await learnFromRecordings([fixture('safari.har')]);
    expect(report.recordings[0]?.creator).toBe('WebKit Web Inspector');
    expect(report.exchanges).toMatchObject({ judged: 3, cached: 1 });
    expect(contradictions(report)).toBe(0);
    expect(verdict(report, 'schema NewsCheckRequest')?.verdict).toBe('confirmed');
    expect(verdict(report, 'operation getConfig')?.verdict).toBe('unseen');
  });

  it('reads several recordings as one, sessions told apart by their token cookie', async () => {
    const { report } = await learnFromRecordings(
      ['chromium-devtools.har', 'firefox.har', 'safari.har'].map(fixture),
    );
    expect(report.recordings.map((r) => r.creator)).toEqual([
      'WebInspector',
      'Firefox',
      'WebKit Web Inspector',
    ]);
    // the three exports recorded one session (one token)
    expect(report.sessions).toBe(1);
    expect(verdict(report, 'schema NewsInsertForm')?.exchanges).toBe(3);
  });

  it('answers --json with the same report', () => {
    const cliRun = run([fixture('safari.har'), '--json']);
    expect(cliRun.status).toBe(0);
    const report = JSON.parse(cliRun.stdout) as LearnReport;
    expect(report.summary).toMatchObject({ contradicted: 0, unknownCalls: 0 });
    expect(report.assumptions.length).toBeGreaterThan(100);
  });

  it('exits 2 for bad usage and a file that is not a HAR recording', () => {
    writeFileSync(join(work, 'not.har'), '{"log": {"pages": []}}');
    writeFileSync(join(work, 'broken.har'), '{"log":');
    for (const args of [
      [],
      [join(work, 'missing.har')],
      [join(work, 'not.har')],
      [join(work, 'broken.har')],
      [fixture('safari.har'), '--spec-dir', work],
      [fixture('safari.har'), '--bogus'],
    ]) {
      const cliRun = run(args);
      expect(cliRun.status, `${args.join(' ')}: ${cliRun.stdout}`).toBe(2);
      expect(cliRun.stderr).toMatch(/Usage: pnpm contract:learn/);
    }
  });
});
