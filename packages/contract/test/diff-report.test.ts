// The contract diff's report, in this process: rows joined and ordered from the differ's changes,
// the printed table a backend developer reads, and a whole run against a git revision (the
// contract at the revision, the working tree's, the screens from the portal then and now), with
// the mistakes it names instead of failing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSite } from '../src/diff/call-sites.js';
import type { Change, OperationRef } from '../src/diff/change.js';
import type { ChangeKind } from '../src/diff/change-kinds.js';
import { buildRows, formatReport, summarise, type Report, type Row } from '../src/diff/report.js';
import {
  extractAt,
  readContractAt,
  readWorkingContract,
  repositoryRoot,
  resolveCommit,
  UsageError,
} from '../src/diff/revision.js';
import { runDiff } from '../src/diff/run.js';

const op = (operationId: string, path = `/api/${operationId}`): OperationRef => ({
  operationId,
  method: 'POST',
  path,
});

function change(
  operation: OperationRef,
  breaks: 'portal' | 'backend' | 'both' | 'neither',
  fields: Partial<Pick<Change, 'kind' | 'place' | 'field' | 'change'>> = {},
): Change {
  return {
    operation,
    kind: 'field-added' as ChangeKind,
    place: 'request body',
    field: '$.x',
    change: 'added (string, optional)',
    breaksPortal: breaks === 'portal' || breaks === 'both',
    breaksBackend: breaks === 'backend' || breaks === 'both',
    ...fields,
  };
}

const site = (file: string, sections: string[], feature?: string): CallSite => ({
  file,
  ...(feature ? { feature } : {}),
  sections: sections.map((key) => ({ key, route: `/lms/${key}` })),
});

const nobody = () => ({ sites: [], fromBase: false });

describe('the report’s rows', () => {
  it('puts what breaks both first, then the portal, the backend, and what breaks nobody', () => {
    const rows = buildRows(
      [
        change(op('a'), 'neither', { field: '$.a' }),
        change(op('b'), 'backend', { field: '$.b' }),
        change(op('c'), 'portal', { field: '$.c' }),
        change(op('d'), 'both', { field: '$.d' }),
        change(op('e'), 'backend', { field: '$.e' }),
      ],
      nobody,
    );
    expect(rows.map((row) => [row.impact, row.field])).toEqual([
      ['both', '$.d'],
      ['portal', '$.c'],
      ['backend', '$.b'],
      ['backend', '$.e'],
      ['compatible', '$.a'],
    ]);
    expect(summarise(rows)).toEqual({ total: 5, both: 1, portal: 1, backend: 2, compatible: 1 });
  });

  it('joins one change of several operations into one row naming each once', () => {
    const rows = buildRows(
      [
        change(op('a'), 'portal'),
        change(op('b'), 'portal'),
        change(op('a'), 'portal'),
        // the same words elsewhere, or judged otherwise, are rows of their own
        change(op('a'), 'portal', { place: 'answer 200' }),
        change(op('a'), 'portal', { field: '$.y' }),
        change(op('a'), 'portal', { change: 'added (string, required)' }),
        change(op('a'), 'portal', { kind: 'field-removed' as ChangeKind }),
        change(op('a'), 'both'),
      ],
      nobody,
    );
    expect(rows).toHaveLength(6);
    expect(rows.map((row) => row.operations.map((o) => o.operationId))).toEqual([
      ['a'],
      ['a', 'b'],
      ['a'],
      ['a'],
      ['a'],
      ['a'],
    ]);
    expect(rows[1]).toEqual({
      impact: 'portal',
      kind: 'field-added',
      operations: [op('a'), op('b')],
      place: 'request body',
      field: '$.x',
      change: 'added (string, optional)',
      screens: { sections: [], files: [], fromBase: false },
    });
    // the same operation id at another method is another operation
    const twice = buildRows(
      [change(op('a'), 'portal'), change({ ...op('a'), method: 'GET' }, 'portal')],
      nobody,
    );
    expect(twice[0]?.operations).toHaveLength(2);
  });

  it('names the screens of every operation of a row: sections by route, other files by name', () => {
    const sites: Record<string, CallSite[]> = {
      '/api/a': [
        site('features/orders/api/a.ts', ['orders'], 'orders'),
        site('lib/shared.ts', ['orders', 'news']),
      ],
      '/api/b': [
        site('features/news/api/b.ts', ['news'], 'news'),
        site('features/news/api/b.ts', ['news'], 'news'),
        site('features/orphan/api/b.ts', [], 'orphan'),
        site('app/boot.ts', []),
        site('lib/shared.ts', ['archive']),
      ],
    };
    const [row] = buildRows(
      [change(op('a'), 'portal'), change(op('b'), 'portal')],
      (operation) => ({
        sites: sites[operation.path] ?? [],
        fromBase: false,
      }),
    );
    expect(row?.screens).toEqual({
      sections: [
        { key: 'news', route: '/lms/news' },
        { key: 'orders', route: '/lms/orders' },
      ],
      files: [
        { file: 'app/boot.ts', sections: [] },
        { file: 'features/orphan/api/b.ts', sections: [] },
        {
          file: 'lib/shared.ts',
          sections: [
            { key: 'archive', route: '/lms/archive' },
            { key: 'news', route: '/lms/news' },
            { key: 'orders', route: '/lms/orders' },
          ],
        },
      ],
      fromBase: false,
    });
  });

  it('says the screens are the revision’s only when that is where they were found', () => {
    const screensWhen = (fromBase: boolean, sites: CallSite[]) =>
      buildRows([change(op('a'), 'portal')], () => ({ sites, fromBase }))[0]?.screens.fromBase;
    expect(screensWhen(true, [site('features/a/x.ts', ['a'], 'a')])).toBe(true);
    expect(screensWhen(true, [])).toBe(false);
    expect(screensWhen(false, [site('features/a/x.ts', ['a'], 'a')])).toBe(false);
  });
});

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

function report(rows: Row[], ref = 'main'): Report {
  return {
    base: { ref, commit: COMMIT },
    target: 'working tree',
    summary: summarise(rows),
    rows,
  };
}

const cellsOf = (line: string | undefined) => (line ?? '').split(/\s{2,}/);

describe('the printed report', () => {
  it('says so when nothing changed, naming the revision and its commit', () => {
    expect(formatReport(report([]))).toBe(
      'Contract diff main (0123456789) → working tree: no changes.',
    );
    // a full commit id, as CI passes it, shows once, short
    expect(formatReport(report([], COMMIT))).toBe(
      'Contract diff 0123456789 → working tree: no changes.',
    );
  });

  it('counts the changes by whom they break, and says what the words mean', () => {
    const one = formatReport(report(buildRows([change(op('a'), 'backend')], nobody))).split('\n');
    expect(one[0]).toBe(
      'Contract diff main (0123456789) → working tree: 1 change (0 break both, 0 break the portal, 1 break the backend, 0 compatible)',
    );
    expect(one.slice(-2)).toEqual([
      "breaks portal: a portal built on main's contract fails against a backend built on the working tree's.",
      "breaks backend: a backend built on main's contract fails against a portal built on the working tree's.",
    ]);
    const rows = buildRows(
      [
        change(op('a'), 'both', { field: '$.a' }),
        change(op('b'), 'portal', { field: '$.b' }),
        change(op('c'), 'neither', { field: '$.c' }),
      ],
      nobody,
    );
    expect(formatReport(report(rows, COMMIT)).split('\n')[0]).toBe(
      'Contract diff 0123456789 → working tree: 3 changes (1 break both, 1 break the portal, 0 break the backend, 1 compatible)',
    );
  });

  it('lays the rows out as a table: titles, rules as wide as each column, the row and its lines below', () => {
    const rows = buildRows(
      [
        change(op('miscGetUslugi', '/api/misc/uslugi'), 'portal', {
          place: 'operation',
          field: '',
          change: 'operation removed',
        }),
        change(op('miscGetGroups', '/api/misc/getgroups'), 'neither', {
          field: '$.include_archived',
          change: 'added (boolean, optional)',
        }),
      ],
      (operation) =>
        operation.operationId === 'miscGetUslugi'
          ? {
              sites: [
                site('features/payment-code/api/get-services.ts', ['paymentcode'], 'payment-code'),
              ],
              fromBase: true,
            }
          : {
              sites: [site('lib/reference-data/groups.ts', ['paymentcode', 'journal'])],
              fromBase: false,
            },
    );
    const lines = formatReport(report(rows)).split('\n');
    expect(lines.slice(1, 10)).toEqual([
      '',
      'impact         operation                 place               change                     portal screens',
      '-------------  ------------------------  ------------------  -------------------------  -------------------------------------------',
      'breaks portal  miscGetUslugi             operation           operation removed          /lms/paymentcode',
      '               POST /api/misc/uslugi                                                    (calls at main)',
      'compatible     miscGetGroups             request body        added (boolean, optional)  lib/reference-data/groups.ts (/lms/journal,',
      '               POST /api/misc/getgroups  $.include_archived                             /lms/paymentcode)',
      '',
      "breaks portal: a portal built on main's contract fails against a backend built on the working tree's.",
    ]);
    // no line ends in spaces
    expect(lines.filter((line) => line !== line.trimEnd())).toEqual([]);
  });

  it('wraps a long cell at its column’s width and cuts a word longer than that', () => {
    const long = 'x'.repeat(100);
    const rows = buildRows(
      [
        change(op('a'), 'portal', {
          change: `renamed ${'word '.repeat(12)}end`,
          field: `$.${long}`,
        }),
      ],
      () => ({ sites: [site('lib/a.ts', [])], fromBase: false }),
    );
    const all = formatReport(report(rows)).split('\n');
    const header = all[2] ?? '';
    const cell = (line: string, from: string, to: string) =>
      line.slice(header.indexOf(from), header.indexOf(to)).trim();
    const lines = all.slice(4, -3);
    // place (30 wide): the place, then the field cut into 30, 30, 30 and 12 characters
    expect(lines.map((line) => cell(line, 'place', 'change'))).toEqual([
      'request body',
      `$.${'x'.repeat(28)}`,
      'x'.repeat(30),
      'x'.repeat(30),
      'x'.repeat(12),
    ]);
    // change (46 wide): whole words, as many as fit
    expect(lines.map((line) => cell(line, 'change', 'portal screens'))).toEqual([
      'renamed word word word word word word word',
      'word word word word word end',
      '',
      '',
      '',
    ]);
  });

  it('names up to six operations of a row, then how many more, and a row without screens', () => {
    const many = Array.from({ length: 8 }, (_, i) => change(op(`op${i + 1}`), 'portal'));
    const lines = formatReport(report(buildRows(many, nobody))).split('\n');
    expect(lines.slice(4, 12).map((line) => cellsOf(line)[1] ?? cellsOf(line)[0])).toEqual([
      '8 operations:',
      'op1',
      'op2',
      'op3',
      'op4',
      'op5',
      'op6',
      'and 2 more',
    ]);
    expect(lines[4]).toMatch(/no call site in the portal$/);
    const six = Array.from({ length: 6 }, (_, i) => change(op(`op${i + 1}`), 'portal'));
    const sixLines = formatReport(report(buildRows(six, nobody))).split('\n');
    expect(sixLines[4]).toMatch(/ 6 operations: /);
    expect(sixLines.join('\n')).not.toMatch(/more/);
  });
});

/** A throwaway git repository with the given files, committed. */
function repository(parent: string, name: string, files: Record<string, string>): string {
  const root = join(parent, name);
  write(root, files);
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', name);
  return root;
}

function write(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

function git(root: string, ...args: string[]) {
  const run = spawnSync(
    'git',
    [
      '-c',
      'user.name=test',
      '-c',
      'user.email=test@example.org',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

const operation = (operationId: string, property = 'id_a_year') => ({
  post: {
    operationId,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: [property],
            properties: { [property]: { type: 'integer' } },
          },
        },
      },
    },
    responses: { '200': { description: 'ok' } },
  },
});
const contractOf = (paths: Record<string, unknown>) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }, null, 2);

const SECTIONS = `export const SECTIONS = [
  { key: 'groups', path: '/lms/groups', Component: () => import('../features/groups/route') },
  { key: 'services', path: '/lms/services', Component: () => import('../features/services/route') },
];
`;

describe('a run against a revision', () => {
  let temp: string;
  let project: string;
  beforeAll(() => {
    temp = mkdtempSync(join(tmpdir(), 'lms-contract-run-test-'));
    project = repository(temp, 'project', {
      'spec/generated/openapi.json': contractOf({
        '/api/misc/getgroups': operation('miscGetGroups'),
        '/api/misc/uslugi': operation('miscGetUslugi'),
      }),
      'packages/web/src/app/sections.ts': SECTIONS,
      'packages/web/src/features/groups/route.ts': `export const route = (c: { post(p: string): unknown }) => c.post('/api/misc/getgroups');\n`,
      'packages/web/src/features/services/route.ts': `export const route = (c: { post(p: string): unknown }) => c.post('/api/misc/uslugi');\n`,
    });
  });
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('finds nothing when the working tree holds the revision’s contract', () => {
    const run = runDiff({ root: join(project, 'packages'), ref: 'HEAD' });
    expect(run).toEqual({
      base: { ref: 'HEAD', commit: git(project, 'rev-parse', 'HEAD') },
      target: 'working tree',
      summary: { total: 0, both: 0, portal: 0, backend: 0, compatible: 0 },
      rows: [],
    });
  });

  it('names the screens calling each change, from the revision’s portal for an operation removed with its calls', () => {
    const copy = join(temp, 'removed');
    git(temp, 'clone', '-q', project, copy);
    write(copy, {
      'spec/generated/openapi.json': contractOf({
        '/api/misc/getgroups': operation('miscGetGroups', 'id_year'),
      }),
    });
    rmSync(join(copy, 'packages/web/src/features/services'), { recursive: true });
    const run = runDiff({ root: copy, ref: 'HEAD' });
    expect(run.summary).toEqual({ total: 2, both: 1, portal: 1, backend: 0, compatible: 0 });
    expect(
      run.rows.map((row) => [row.operations[0]?.operationId, row.impact, row.screens]),
    ).toEqual([
      [
        'miscGetGroups',
        'both',
        { sections: [{ key: 'groups', route: '/lms/groups' }], files: [], fromBase: false },
      ],
      [
        'miscGetUslugi',
        'portal',
        { sections: [{ key: 'services', route: '/lms/services' }], files: [], fromBase: true },
      ],
    ]);
  });

  it('reads only the portal it is given, and none from a revision without one', () => {
    const copy = join(temp, 'given');
    git(temp, 'clone', '-q', project, copy);
    write(copy, { 'spec/generated/openapi.json': contractOf({}) });
    const given = runDiff({
      root: copy,
      ref: 'HEAD',
      webSrc: join(copy, 'packages/web/src/features/groups'),
    });
    // both operations removed: one row, whose screens are those of the folder given
    expect(given.rows).toHaveLength(1);
    expect(given.rows[0]?.operations.map((o) => o.operationId)).toEqual([
      'miscGetGroups',
      'miscGetUslugi',
    ]);
    expect(given.rows[0]?.screens).toEqual({
      sections: [],
      files: [{ file: 'route.ts', sections: [] }],
      fromBase: false,
    });

    const bare = repository(temp, 'bare', {
      'spec/generated/openapi.json': contractOf({ '/api/misc/uslugi': operation('miscGetUslugi') }),
    });
    write(bare, { 'spec/generated/openapi.json': contractOf({}) });
    const [removed] = runDiff({ root: bare, ref: 'HEAD' }).rows;
    expect(removed?.screens).toEqual({ sections: [], files: [], fromBase: false });
  });

  it('copies only the folders a commit has, and says when it has none of them', () => {
    const into = mkdtempSync(join(temp, 'extract-'));
    const commit = resolveCommit(project, 'HEAD');
    expect(extractAt(project, commit, ['nowhere'], into)).toBe(false);
    expect(extractAt(project, commit, ['nowhere', 'packages/web/src/features/groups'], into)).toBe(
      true,
    );
    expect(spawnSync('ls', ['-R', into], { encoding: 'utf8' }).stdout).toMatch(/route\.ts/);
  });

  it('bundles the YAML of a revision, and of a working tree, that have no bundled JSON', () => {
    const yaml = (type: string) => `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/misc/getgroups:
    post:
      operationId: miscGetGroups
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Req' }
      responses:
        '200': { description: ok }
components:
  schemas:
    Req:
      type: object
      required: [id_a_year]
      properties:
        id_a_year: { type: ${type} }
`;
    const yamlProject = repository(temp, 'yaml', { 'spec/openapi.yaml': yaml('integer') });
    const commit = resolveCommit(yamlProject, 'HEAD');
    const schemaOf = (doc: unknown) =>
      (doc as { components: { schemas: { Req: unknown } } }).components.schemas.Req;
    expect(schemaOf(readContractAt(yamlProject, commit, 'HEAD'))).toEqual({
      type: 'object',
      required: ['id_a_year'],
      properties: { id_a_year: { type: 'integer' } },
    });
    write(yamlProject, { 'spec/openapi.yaml': yaml('string') });
    expect(schemaOf(readWorkingContract(yamlProject))).toMatchObject({
      properties: { id_a_year: { type: 'string' } },
    });
  });

  it('names the caller’s mistakes: no folder, no repository, no revision, no contract', () => {
    const usage = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('no mistake was named');
    };
    const nowhere = join(temp, 'nowhere');
    expect(usage(() => repositoryRoot(nowhere))).toBe(`No such folder: ${nowhere}`);
    const plain = mkdtempSync(join(tmpdir(), 'lms-contract-plain-'));
    try {
      expect(usage(() => repositoryRoot(plain))).toBe(`${plain} is not inside a git repository.`);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    expect(repositoryRoot(join(project, 'packages/web'))).toBe(project);
    expect(usage(() => resolveCommit(project, '--all'))).toBe("'--all' is not a git revision.");
    expect(usage(() => resolveCommit(project, ' '))).toBe("' ' is not a git revision.");
    expect(usage(() => resolveCommit(project, 'no-such-ref'))).toBe(
      `Unknown git revision 'no-such-ref': git cannot find a commit by that name in ${project}.`,
    );
    expect(resolveCommit(project, 'HEAD')).toMatch(/^[0-9a-f]{40}$/);

    const empty = repository(temp, 'empty', { 'README.md': 'nothing here\n' });
    expect(usage(() => runDiff({ root: empty, ref: 'HEAD' }))).toBe(
      'HEAD has no contract: neither spec/generated/openapi.json nor spec/openapi.yaml is there.',
    );
    expect(usage(() => readWorkingContract(empty))).toBe(
      'The working tree has no contract: neither spec/generated/openapi.json nor spec/openapi.yaml.',
    );
  });
});
