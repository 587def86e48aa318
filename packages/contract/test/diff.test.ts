import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapi from '@lms/spec/openapi.json' with { type: 'json' };
import { afterAll, describe, expect, it } from 'vitest';
import { scanPortal } from '../src/diff/call-sites.js';
import { impactOf } from '../src/diff/change.js';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';
import { buildRows, type Report } from '../src/diff/report.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const cli = fileURLToPath(new URL('../src/diff/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: {
    schemas: Record<string, { properties: Record<string, unknown>; required: string[] }>;
  };
};
const contract = openapi as unknown as Doc;

/**
 * The new contract of the scenario: singlewindowSaveOrder's required `id_doc` renamed
 * `id_document`, an optional `include_archived` for miscGetGroups, miscGetUslugi removed.
 */
function changedContract(base: Doc): Doc {
  const next = structuredClone(base);
  const order = next.components.schemas.SingleWindowOrderSaveRequest!;
  order.properties = Object.fromEntries(
    Object.entries(order.properties).map(([name, schema]) => [
      name === 'id_doc' ? 'id_document' : name,
      schema,
    ]),
  );
  order.required = order.required.map((name) => (name === 'id_doc' ? 'id_document' : name));
  next.components.schemas.MiscGroupsRequest!.properties.include_archived = { type: 'boolean' };
  delete next.paths['/api/misc/uslugi'];
  return next;
}

const portal = scanPortal({
  webSrc: join(repo, 'packages/web/src'),
  clientSrc: join(repo, 'packages/client/src'),
  paths: Object.keys(contract.paths),
});
const lookup = (op: { path: string }) => ({ sites: portal.callSites(op.path), fromBase: false });

describe('the contract diff', () => {
  it('finds the rename, the optional field and the removal, each with the screens that call it', () => {
    const rows = buildRows(
      diffContracts(
        contract as unknown as OpenApiDocument,
        changedContract(contract) as unknown as OpenApiDocument,
      ),
      lookup,
    );
    expect(rows).toHaveLength(3);
    const byOperation = (id: string) =>
      rows.find((row) => row.operations.some((op) => op.operationId === id));

    // The rename breaks both sides: a portal on the old contract sends id_doc, which a backend on
    // the new one does not read while it requires id_document (400); a portal on the new contract
    // sends id_document, which a backend on the old one does not read while it requires id_doc.
    expect(byOperation('singlewindowSaveOrder')).toMatchObject({
      impact: 'both',
      kind: 'field-renamed',
      operations: [
        {
          operationId: 'singlewindowSaveOrder',
          method: 'POST',
          path: '/api/singlewindow/order/save',
        },
      ],
      place: 'request body',
      field: '$.id_doc',
      change: 'renamed id_doc → id_document (integer)',
      // The document orders screen (features/document-orders/api/save-order.ts).
      screens: { sections: [{ key: 'singlewindow', route: '/lms/singlewindow' }], files: [] },
    });

    // An optional request field: the old portal leaves it out, the old backend ignores it.
    const optional = byOperation('miscGetGroups');
    expect(optional).toMatchObject({
      impact: 'compatible',
      kind: 'field-added',
      place: 'request body',
      field: '$.include_archived',
      change: 'added (boolean, optional)',
    });
    // Called from shared code (lib/reference-data/student-groups.ts): named by its file, with the
    // screens that use it, the payment code screen among them.
    expect(optional?.screens.sections).toEqual([]);
    expect(optional?.screens.files).toEqual([
      expect.objectContaining({ file: 'lib/reference-data/student-groups.ts' }),
    ]);
    expect(optional?.screens.files[0]?.sections).toContainEqual({
      key: 'paymentcode',
      route: '/lms/paymentcode',
    });

    // A removed operation breaks the portal only: the old portal calls it, the new one cannot.
    expect(byOperation('miscGetUslugi')).toMatchObject({
      impact: 'portal',
      kind: 'operation-removed',
      operations: [{ operationId: 'miscGetUslugi', method: 'POST', path: '/api/misc/uslugi' }],
      place: 'operation',
      // The payment code screen (features/payment-code/api/get-services.ts).
      screens: { sections: [{ key: 'paymentcode', route: '/lms/paymentcode' }], files: [] },
    });
  });

  it('judges answers the other way round from requests', () => {
    const changes = (change: (doc: Doc) => void) => {
      const next = structuredClone(contract);
      change(next);
      return diffContracts(
        contract as unknown as OpenApiDocument,
        next as unknown as OpenApiDocument,
      ).map((c) => [c.operation.operationId, c.field, impactOf(c), c.change] as const);
    };
    const usluga = (doc: Doc) => doc.components.schemas.MiscUsluga!;
    // A field the old portal reads is gone.
    expect(
      changes((doc) => {
        delete usluga(doc).properties.price;
        usluga(doc).required = usluga(doc).required.filter((name) => name !== 'price');
      }),
    ).toEqual([['miscGetUslugi', '$.data[].price', 'portal', 'removed (number, required)']]);
    // A required answer field the old backend does not send.
    expect(
      changes((doc) => {
        usluga(doc).properties.code = { type: 'string' };
        usluga(doc).required.push('code');
      }),
    ).toEqual([['miscGetUslugi', '$.data[].code', 'backend', 'added (string, required)']]);
    // null in an answer the old portal does not expect; null in a request the old backend refuses.
    expect(
      changes((doc) => {
        (usluga(doc).properties.price as { type: unknown }).type = ['number', 'null'];
      }),
    ).toEqual([['miscGetUslugi', '$.data[].price', 'portal', 'type number → null | number']]);
    expect(
      changes((doc) => {
        (
          doc.components.schemas.MiscGroupsRequest!.properties.id_student as { type: unknown }
        ).type = ['integer', 'null'];
      }),
    ).toEqual([['miscGetGroups', '$.id_student', 'backend', 'type integer → integer | null']]);
    // A request enum narrowed refuses the old portal; widened, the old backend.
    const withEnum = (values: number[]) => (doc: Doc) => {
      doc.components.schemas.MiscGroupsRequest!.properties.id_a_year = {
        type: 'integer',
        enum: values,
      };
    };
    const narrowed = structuredClone(contract);
    withEnum([1, 2])(narrowed);
    const enumChanges = (values: number[]) =>
      diffContracts(
        narrowed as unknown as OpenApiDocument,
        (() => {
          const next = structuredClone(narrowed);
          withEnum(values)(next);
          return next as unknown as OpenApiDocument;
        })(),
      ).map((c) => [impactOf(c), c.change]);
    expect(enumChanges([1])).toEqual([['portal', 'enum values removed: 2']]);
    expect(enumChanges([1, 2, 3])).toEqual([['backend', 'enum values added: 3']]);
    // A new operation: the new portal may call it, the old backend does not answer it.
    expect(
      changes((doc) => {
        doc.paths['/api/misc/uslugi2'] = {
          post: { ...doc.paths['/api/misc/uslugi']!.post, operationId: 'miscGetUslugi2' },
        };
      }),
    ).toEqual([['miscGetUslugi2', '', 'backend', 'operation added']]);
    // Words only.
    expect(
      changes((doc) => {
        doc.paths['/api/misc/uslugi']!.post!.description = 'Another description.';
      }),
    ).toEqual([['miscGetUslugi', '', 'compatible', 'operation: description changed']]);
  });
});

describe('pnpm contract:diff', () => {
  const temp = mkdtempSync(join(tmpdir(), 'lms-contract-diff-test-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  const write = (root: string, file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const git = (root: string, ...args: string[]) => {
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
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  const diff = (...args: string[]) => {
    const run = spawnSync(tsx, [cli, ...args], { cwd: temp, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const diffAsync = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done, fail) => {
      const child = spawn(tsx, [cli, ...args], { cwd: temp });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', fail);
      child.on('close', (status) => done({ status, stdout, stderr }));
    });

  // A repository with the same layout: the bundled contract, and a portal of two sections whose
  // feature folders call singlewindowSaveOrder and miscGetUslugi.
  const project = join(temp, 'project');
  const sections = `import { lazyRoute } from './lazy-route';
export const SECTIONS = [
  { key: 'paymentcode', path: '/lms/paymentcode', Component: lazyRoute('payment-code', () => import('../features/payment-code/components/payment-code-route'), (m) => m.PaymentCodeRoute, []) },
  { key: 'singlewindow', path: '/lms/singlewindow', Component: lazyRoute('document-orders', () => import('../features/document-orders/components/document-orders-route'), (m) => m.DocumentOrdersRoute, []) },
];
`;
  const uslugi = `export const getServices = (client: { post(path: string): unknown }) => client.post('/api/misc/uslugi');\n`;
  write(project, 'spec/generated/openapi.json', JSON.stringify(contract, null, 2));
  write(project, 'packages/web/src/app/sections.ts', sections);
  write(
    project,
    'packages/web/src/features/payment-code/components/payment-code-route.tsx',
    `import { getServices } from '../api/get-services';\nexport const PaymentCodeRoute = () => getServices;\n`,
  );
  write(project, 'packages/web/src/features/payment-code/api/get-services.ts', uslugi);
  write(
    project,
    'packages/web/src/features/document-orders/components/document-orders-route.tsx',
    `import { saveOrder } from '../api/save-order';\nexport const DocumentOrdersRoute = () => saveOrder;\n`,
  );
  write(
    project,
    'packages/web/src/features/document-orders/api/save-order.ts',
    `// Not a call: '/api/misc/uslugi' in a comment.\nexport const saveOrder = (client: { post(path: string, init: unknown): unknown }) =>\n  client.post('/api/singlewindow/order/save', { body: {} });\n`,
  );
  git(project, 'init', '-q');
  git(project, 'add', '.');
  git(project, 'commit', '-q', '-m', 'contract');

  it('says "no changes" when the working tree holds the same contract', () => {
    const run = diff('HEAD', '--root', project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Contract diff HEAD \([0-9a-f]{10}\) → working tree: no changes\.$/m,
    );
  });

  it('prints the changes against HEAD, with the screens that call them, and as JSON', () => {
    write(
      project,
      'spec/generated/openapi.json',
      JSON.stringify(changedContract(contract), null, 2),
    );
    // The removal takes its calls along: the screens come from HEAD's portal.
    rmSync(join(project, 'packages/web/src/features/payment-code/api/get-services.ts'));

    const run = diff('HEAD', '--root', project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(
      /3 changes \(1 break both, 1 break the portal, 0 break the backend, 1 compatible\)$/,
    );
    const rowAt = (text: string) => lines.findIndex((line) => line.includes(text));
    const cells = (line: string | undefined) => (line ?? '').split(/\s{2,}/);

    /**
     * Expects the row of the operation `row` names (its second cell) to read `row`, and the line
     * under it, where given, `detail`; returns the row's line.
     */
    const expectRow = (row: string[], detail?: string[]) => {
      const at = rowAt(row[1]!);
      expect(cells(lines[at])).toEqual(row);
      if (detail) expect(cells(lines[at + 1])).toEqual(detail);
      return at;
    };

    const rename = expectRow(
      [
        'breaks both',
        'singlewindowSaveOrder',
        'request body',
        'renamed id_doc → id_document (integer)',
        '/lms/singlewindow',
      ],
      ['', 'POST /api/singlewindow/order/save', '$.id_doc'],
    );
    const removal = expectRow(
      ['breaks portal', 'miscGetUslugi', 'operation', 'operation removed', '/lms/paymentcode'],
      ['', 'POST /api/misc/uslugi', '(calls at HEAD)'],
    );
    // No portal screen calls miscGetGroups in this small portal.
    const optional = expectRow([
      'compatible',
      'miscGetGroups',
      'request body',
      'added (boolean, optional)',
      'no call site in the portal',
    ]);
    // The rows come breaking first.
    expect([rename, removal, optional]).toEqual([rename, removal, optional].sort((a, b) => a - b));

    const json = diff('HEAD', '--root', project, '--json');
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.rows.map((row) => [row.operations[0]?.operationId, row.impact])).toEqual([
      ['singlewindowSaveOrder', 'both'],
      ['miscGetUslugi', 'portal'],
      ['miscGetGroups', 'compatible'],
    ]);
    expect(report.rows[1]?.screens).toEqual({
      sections: [{ key: 'paymentcode', route: '/lms/paymentcode' }],
      files: [],
      fromBase: true,
    });
  });

  it('bundles the YAML of a revision that has no bundled JSON', () => {
    const yamlProject = join(temp, 'yaml-project');
    write(
      yamlProject,
      'spec/openapi.yaml',
      `openapi: 3.1.0
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
        id_a_year: { type: integer }
`,
    );
    git(yamlProject, 'init', '-q');
    git(yamlProject, 'add', '.');
    git(yamlProject, 'commit', '-q', '-m', 'yaml only');
    const next = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/misc/getgroups': {
          post: {
            operationId: 'miscGetGroups',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id_a_year'],
                    properties: { id_a_year: { type: 'string' } },
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    write(yamlProject, 'spec/generated/openapi.json', JSON.stringify(next));
    const run = diff('HEAD', '--root', yamlProject, '--json');
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as Report;
    expect(report.rows.map((row) => [row.impact, row.field, row.change])).toEqual([
      ['both', '$.id_a_year', 'type integer → string'],
    ]);
  });

  it('exits 2 with a clear message for an unknown revision, none, or an unknown option', async () => {
    const [unknown, none, option] = await Promise.all([
      diffAsync('no-such-ref', '--root', project),
      diffAsync('--root', project),
      diffAsync('HEAD', '--root', project, '--colour'),
    ]);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^Unknown git revision 'no-such-ref'/);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^Name a git revision\./);
    expect(option.status).toBe(2);
    expect(option.stderr).toMatch(/Unknown option '--colour'/);
  });
});
