import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleOf, Secrets, showPath } from '../src/learn/masking.js';

// Nothing pnpm contract:learn prints or writes holds a password, a token, an XSRF secret, or a
// person's name or id from the recording. proxy-rewritten.har is a recording of the validating
// proxy (--record) of a teacher's and a student's sessions, as it keeps them (passwords, cookies,
// names), through a server that answers differently: a person's full name sent as an object, a
// person's name used as a key, an unknown call with the login in its path and the token in its
// query, a renamed field, numbers as strings, a list wrapped in an object.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const recording = fileURLToPath(new URL('./fixtures/proxy-rewritten.har', import.meta.url));
const cli = fileURLToPath(new URL('../src/learn/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'lms-learn-mask-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Entry {
  request: { url: string; postData?: { text: string } };
  response: { cookies: { name: string; value: string }[]; content: { text?: string } };
}
const entries = (JSON.parse(readFileSync(recording, 'utf8')) as { log: { entries: Entry[] } }).log
  .entries;

/** What the recording holds that no output may: passwords, cookies, names, the people's ids. */
function recordedSecrets() {
  const texts = new Set<string>();
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.request.url.endsWith('/api/auth/orize.json')) {
      const { login, password } = JSON.parse(entry.request.postData!.text) as Record<
        string,
        string
      >;
      texts.add(password!);
      const user = (JSON.parse(entry.response.content.text!) as { data: Record<string, unknown> })
        .data;
      texts.add(String(user.fullName));
      for (const word of String(user.fullName).split(' ')) texts.add(word);
      for (const id of [user.id, user.uid]) ids.add(String(id));
      expect(login).toBeTruthy();
    }
    for (const cookie of entry.response.cookies) {
      texts.add(cookie.value);
      texts.add(decodeURIComponent(cookie.value));
    }
  }
  return { texts: [...texts].filter((t) => t.length >= 3), ids: [...ids] };
}

/** Lines of `after` that `before` does not have. */
const addedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
};

/** Strings of a JSON document that another does not hold. */
function newStrings(before: unknown, after: unknown): string[] {
  const collect = (node: unknown, into: Set<string>) => {
    if (typeof node === 'string') into.add(node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        into.add(key);
        collect(value, into);
      }
    }
    return into;
  };
  const old = collect(before, new Set());
  return [...collect(after, new Set())].filter((text) => !old.has(text));
}

describe('the traffic learner masks what the recording holds', () => {
  it('never prints or writes a password, a token, an XSRF secret, or a person’s name or id', () => {
    const { texts, ids } = recordedSecrets();
    // the recording does hold them: two passwords, two full names, the session cookies
    expect(texts).toEqual(expect.arrayContaining(['Teacher1', 'Student1']));
    expect(texts.length).toBeGreaterThan(10);
    const raw = readFileSync(recording, 'utf8');
    for (const text of texts) expect(raw).toContain(text);

    const outputs: { name: string; text: string }[] = [];
    const text = spawnSync(tsx, [cli, recording], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(1);
    expect(text.stdout).toMatch(/schema ProfileData/);
    expect(text.stdout).toMatch(/GET \/api\/users\/\{masked\}\/photo ×1/);
    outputs.push({ name: 'text', text: text.stdout + text.stderr });
    const json = spawnSync(tsx, [cli, recording, '--json'], { encoding: 'utf8' });
    outputs.push({ name: 'json', text: json.stdout + json.stderr });

    const spec = join(work, 'spec');
    cpSync(join(repo, 'spec'), spec, {
      recursive: true,
      filter: (source) => !/node_modules|[/\\]dist$/.test(source),
    });
    const originals = new Map<string, string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
      );
    for (const file of walk(spec)) originals.set(file, readFileSync(file, 'utf8'));
    const written = spawnSync(tsx, [cli, recording, '--write', '--spec-dir', spec], {
      encoding: 'utf8',
    });
    expect(written.status, written.stderr).toBe(1);
    expect(written.stdout).toMatch(/Written for review: \d+ changes/);
    outputs.push({ name: 'write', text: written.stdout + written.stderr });
    let changedFiles = 0;
    for (const [file, before] of originals) {
      const after = readFileSync(file, 'utf8');
      if (after === before) continue;
      changedFiles += 1;
      const name = relative(spec, file);
      outputs.push({
        name,
        text: file.endsWith('.json')
          ? newStrings(JSON.parse(before), JSON.parse(after)).join('\n')
          : addedLines(before, after).join('\n'),
      });
    }
    expect(changedFiles).toBeGreaterThan(2);

    for (const output of outputs) {
      for (const secret of texts) {
        expect(output.text.includes(secret), `${output.name} holds "${secret}"`).toBe(false);
      }
      for (const id of ids) {
        expect(new RegExp(`\\b${id}\\b`).test(output.text), `${output.name} holds id ${id}`).toBe(
          false,
        );
      }
    }
  }, 120_000);

  it('shows examples as their type and shape, secrets without even a length', () => {
    const secrets = new Secrets();
    secrets.add('Асанов Бакыт Эркинович', { words: true });
    secrets.add('d41d8cd98f00b204e9800998ecf8427e');
    expect(exampleOf('Teacher1', 'password', secrets)).toBe('"<masked string>"');
    expect(exampleOf('Асанов', 'comment', secrets)).toBe('"<masked string>"');
    expect(exampleOf('2026-11-20T09:15:00+06:00', 'created', secrets)).toBe(
      '"<string, 25 chars, date-time>"',
    );
    expect(exampleOf('42', 'id_a_year', secrets)).toBe('"<string, 2 chars, digits>"');
    expect(exampleOf(7001, 'id_student', secrets)).toBe('<masked number>');
    expect(exampleOf(3, 'page', secrets)).toBe('<integer>');
    expect(exampleOf({ 'Асанов Бакыт Эркинович': 1, title: 'x' }, 'data', secrets)).toBe(
      '{<key, 22 chars>, title}',
    );
    expect(showPath('/api/users/Асанов/7001/d41d8cd98f00b204e9800998ecf8427e', secrets)).toBe(
      '/api/users/{masked}/{n}/{masked}',
    );
  });
});
