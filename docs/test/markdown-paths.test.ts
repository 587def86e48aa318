import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  checkCitedDocuments,
  checkMarkdown,
  formatFinding,
  type Repository,
} from './markdown-paths';

const root = fileURLToPath(new URL('../..', import.meta.url));

function gitFiles(...options: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', ...options], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split('\0').filter(Boolean);
}

/** The working tree as git sees it: tracked and new files, less those deleted and not committed. */
function workingTree(): Repository {
  const deleted = new Set(gitFiles('--deleted'));
  const files = [...new Set(gitFiles('--cached', '--others', '--exclude-standard'))];
  return {
    files: files.filter((file) => !deleted.has(file)),
    read: (path) => readFileSync(join(root, path), 'utf8'),
  };
}

/** A repository of a few files held in memory. */
function fixture(files: Record<string, string>): Repository {
  return {
    files: Object.keys(files),
    read: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`no file ${path} in the fixture`);
      return text;
    },
  };
}

const problems = (repo: Repository) => checkMarkdown(repo).map(formatFinding);

describe('the repository', () => {
  it('names, in every Markdown file, only paths that exist inside it', () => {
    expect(problems(workingTree())).toEqual([]);
  });

  it('cites, in every comment, only documents and headings that exist', () => {
    const tree = workingTree();
    // This folder's fixtures cite missing documents on purpose.
    const cited = { ...tree, files: tree.files.filter((file) => !file.startsWith('docs/test/')) };
    expect(checkCitedDocuments(cited).map(formatFinding)).toEqual([]);
  });
});

describe('the Markdown path rule', () => {
  const tree = {
    'package.json': '{}',
    'docs/guide.md': '# Guide\n\n## The `lib/` folder\n\n## Steps\n\n## Steps\n',
    'packages/web/package.json': '{}',
    'packages/web/src/features/journal/utils/journal-calc.ts': '',
    'packages/web/src/lib/outbox/outbox.ts': '',
    'packages/mock-server/package.json': '{}',
    'packages/mock-server/src/world/core/faker.ts': '',
  };

  it('passes links, folders and code spans that exist', () => {
    const readme = [
      'See [the guide](../../docs/guide.md#the-lib-folder), [steps](../../docs/guide.md#steps-1),',
      '[outbox](src/lib/outbox/) and [the web](https://example.org/x.md).',
      'The rules are in `utils/journal-calc.ts`, `src/lib/outbox/`, `docs/guide.md` and `outbox.ts`.',
    ].join('\n');
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([]);
  });

  it('fails a link to a file that does not exist', () => {
    const readme = 'Read [the spec](../../docs/spec.md).\n';
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([
      'packages/web/README.md:1: ../../docs/spec.md does not exist',
    ]);
  });

  it('fails a link to a heading the file does not have', () => {
    const readme = '# Title\n\nSee [steps](../../docs/guide.md#step) and [here](#titel).\n';
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([
      'packages/web/README.md:3: ../../docs/guide.md#step has no heading #step',
      'packages/web/README.md:3: #titel has no heading #titel',
    ]);
  });

  it('fails a code span naming a file that is gone, at the line it is on', () => {
    const conventions = 'Rules.\n\nPure rules are unit-tested (`test/units.test.ts`).\n';
    expect(problems(fixture({ ...tree, 'packages/web/CONVENTIONS.md': conventions }))).toEqual([
      'packages/web/CONVENTIONS.md:3: test/units.test.ts names no file or folder of packages/web',
    ]);
  });

  it("looks for a package's relative paths inside that package only", () => {
    const readme = 'Faker is `world/core/faker.ts`.\n';
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([
      'packages/web/README.md:1: world/core/faker.ts names no file or folder of packages/web',
    ]);
    expect(problems(fixture({ ...tree, 'packages/mock-server/README.md': readme }))).toEqual([]);
  });

  it("reads a path that starts like a top-level folder from the document's package too", () => {
    const files = {
      ...tree,
      'scripts/browsers.mjs': '',
      'packages/web/scripts/icons.mjs': '',
      'packages/web/README.md': 'Icons: `scripts/icons.mjs`; browsers: `scripts/browsers.mjs`.\n',
      'packages/mock-server/README.md': 'Not here: `scripts/icons.mjs`.\n',
    };
    expect(problems(fixture(files))).toEqual([
      'packages/mock-server/README.md:1: scripts/icons.mjs does not exist',
    ]);
  });

  it('fails a top-level path that does not exist, and a bare file name found nowhere', () => {
    const readme = 'See `packages/web/src/lib/offline.ts` and `ARCHITECTURE.md`.\n';
    expect(problems(fixture({ ...tree, 'README.md': readme }))).toEqual([
      'README.md:1: packages/web/src/lib/offline.ts does not exist',
      'README.md:1: ARCHITECTURE.md names no file or folder of the repository',
    ]);
  });

  it('fails a path outside the repository, even in a code block', () => {
    const readme = [
      'Routes follow `/work/shared/product-spec.md`.',
      '```sh',
      'cat ../shared/ARCHITECTURE.md',
      '```',
      'And [up](../../../elsewhere.md), `../../../x.ts`, [root](/README.md).',
    ].join('\n');
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([
      'packages/web/README.md:1: /work/ names a path outside the repository',
      'packages/web/README.md:3: ../shared names a path outside the repository',
      'packages/web/README.md:5: ../../../elsewhere.md points outside the repository',
      'packages/web/README.md:5: /README.md is an absolute path: link relative to this document',
      'packages/web/README.md:5: ../../../x.ts points outside the repository',
    ]);
  });

  it('leaves alone code blocks, placeholders, patterns, URLs and what a build makes', () => {
    const readme = [
      '```',
      'src/missing.ts   a sketch of a layout',
      '```',
      '`src/features/<feature>/api/get-x.ts`, `spec/paths/*.yaml`, `/api/news/data.json`,',
      '`dist/index.html`, `.vite/csp.json`, `@lms/spec/openapi.json`, `Path=/`, `text/html`,',
      '`--write`, `useX()`, `http://127.0.0.1:8080/lms`, `sw.js`, and `Cache-Control: public,',
      'immutable` over two lines.',
    ].join('\n');
    expect(problems(fixture({ ...tree, 'packages/web/README.md': readme }))).toEqual([]);
  });

  it('reads headings as GitHub anchors them', () => {
    expect(anchorOf('The `api/` folder')).toBe('the-api-folder');
    expect(anchorOf('Writes that must survive a bad network')).toBe(
      'writes-that-must-survive-a-bad-network',
    );
    expect(anchorOf('[Журнал](x.md): расчёт, 2-я часть')).toBe('журнал-расчёт-2-я-часть');
  });
});

describe('documents cited from code', () => {
  const docs = {
    'docs/product/validation.md': '# Validation rules\n\n## Journal calculation\n',
  };

  it('passes a comment naming a document and a heading that exist', () => {
    const code = '// Averages (docs/product/validation.md#journal-calculation).\nexport {};\n';
    expect(checkCitedDocuments(fixture({ ...docs, 'src/a.ts': code }))).toEqual([]);
  });

  it('fails a comment naming a document or a heading that does not exist', () => {
    const code = [
      '/**',
      ' * See docs/product/calc.md and docs/product/validation.md#journal.',
      ' */',
      "const fixture = 'docs/not-a-comment.md';",
    ].join('\n');
    expect(checkCitedDocuments(fixture({ ...docs, 'src/a.ts': code })).map(formatFinding)).toEqual([
      'src/a.ts:2: docs/product/calc.md does not exist',
      'src/a.ts:2: docs/product/validation.md#journal has no heading #journal',
    ]);
  });
});
