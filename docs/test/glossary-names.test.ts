import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_SIDE,
  LAYERS,
  PORTAL,
  findInFile,
  formatFinding,
  type Layer,
} from './glossary-names';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The working tree's files as git sees them (tracked and new, less the deleted). */
function workingTreeFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) =>
    existsSync(join(root, file)),
  );
}

/** Every third name in a layer's files, as `path:line: message`. */
function scan(layer: Layer, files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([path, text]) =>
    findInFile(layer, path, text).map((finding) => formatFinding(layer, finding)),
  );
}

describe('one name per thing in each layer (docs/glossary.md)', () => {
  const files = workingTreeFiles();

  it.each(LAYERS.map((layer) => [layer.name, layer] as const))(
    '%s uses no third name',
    (_name, layer) => {
      const own = files.filter(layer.includes);
      expect(own.length).toBeGreaterThan(50);
      const findings = own.flatMap((path) =>
        findInFile(layer, path, readFileSync(join(root, path), 'utf8')).map((finding) =>
          formatFinding(layer, finding),
        ),
      );
      expect(findings).toEqual([]);
    },
  );
});

describe('the portal refuses the contract words and the coinages', () => {
  it('names the file and line of a third name in an identifier', () => {
    const found = scan(PORTAL, {
      'packages/web/src/features/study-materials/api/list.ts': [
        "import { postRead } from '../../../lib/post-read';",
        '',
        "export const useUmkList = postRead('/api/umk/umklist');",
      ].join('\n'),
    });
    expect(found).toEqual([
      'packages/web/src/features/study-materials/api/list.ts:3: "useUmkList" in the portal ' +
        '(packages/web); this layer says material / study-materials',
    ]);
  });

  it("lets the contract's paths, schema names and fields, comments and strings pass", () => {
    const found = scan(PORTAL, {
      'packages/web/src/features/study-materials/api/get-materials.ts': [
        '// The umk list, as /api/umk/umklist answers it (VisitLog is a schema name).',
        "type MaterialItem = components['schemas']['UmkItem'];",
        'const name = (item: MaterialItem) => item.umkName ?? item.id_typeUmk;',
        "const key = ['umk', 'uslugi'] as const;",
        "const url = `/api/misc/dinurls?x=${'passwd'}`;",
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });

  it('finds the abbreviation of registration but not a RegExp', () => {
    const found = scan(PORTAL, {
      'packages/web/src/a.ts': 'const pattern = new RegExp("x");\nconst regRows = [];\n',
    });
    expect(found).toEqual([expect.stringMatching(/^packages\/web\/src\/a\.ts:2: "regRows"/)]);
  });

  it('allows a section key as a property name only, not as a binding', () => {
    const found = scan(PORTAL, {
      'packages/web/src/icons.ts':
        "const PATHS = { umk: 'M4', singlewindow: 'M5' };\nconst umk = 1;",
    });
    expect(found).toEqual([expect.stringMatching(/^packages\/web\/src\/icons\.ts:2: "umk"/)]);
  });

  it('finds a third name in a file or folder name', () => {
    const found = scan(PORTAL, {
      'packages/web/src/features/discipline-registration/api/get-reg-list.ts': 'export {};',
      'packages/web/src/app/way-in.ts': 'export {};',
      'packages/web/src/features/payment-code/api/get-uslugi.ts': 'export {};',
      'packages/web/src/features/apps/api/get-app-links.ts': 'export {};',
    });
    expect(found).toEqual([
      expect.stringMatching(
        /^packages\/web\/src\/features\/discipline-registration\/api\/get-reg-list\.ts: "get-reg-list"/,
      ),
      expect.stringMatching(/^packages\/web\/src\/app\/way-in\.ts: "way-in"/),
      expect.stringMatching(
        /^packages\/web\/src\/features\/payment-code\/api\/get-uslugi\.ts: "get-uslugi"/,
      ),
    ]);
  });

  it('scans JavaScript and JSX as well', () => {
    const found = scan(PORTAL, {
      'packages/web/bench/run.mjs': 'const warmStart = 1;',
      'packages/web/src/x.tsx': 'export const A = () => <B dinUrls={[]} />;',
    });
    expect(found.map((line) => line.split(':')[0] + ':' + line.split(':')[1])).toEqual([
      'packages/web/bench/run.mjs:1',
      'packages/web/src/x.tsx:1',
    ]);
  });
});

describe("the mock server and the contract tools refuse the product's area words", () => {
  it("finds an area's file named by the product's word, and a product word in an identifier", () => {
    const found = scan(CONTRACT_SIDE, {
      'packages/contract/src/check/scenarios/journal.ts': 'export async function visitlog() {}',
      'packages/mock-server/src/world/umk/umk.ts': 'export const studyMaterials = [];',
    });
    expect(found).toEqual([
      expect.stringMatching(
        /^packages\/contract\/src\/check\/scenarios\/journal\.ts: "journal".*says visitlog$/,
      ),
      expect.stringMatching(
        /^packages\/mock-server\/src\/world\/umk\/umk\.ts:1: "studyMaterials".*says umk$/,
      ),
    ]);
  });

  it("keeps the contract's own nouns: its operations and paths", () => {
    const found = scan(CONTRACT_SIDE, {
      'packages/mock-server/src/routes/visitlog/getjournal.ts':
        'export function visitlogGetJournal(journal: unknown) { return journal; }',
      'packages/mock-server/src/routes/regfordisciplines/saveregistration.ts':
        'export const saveregistration = 1;',
    });
    expect(found).toEqual([]);
  });
});
