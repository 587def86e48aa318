import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The committed bundle and types must equal a fresh generation from spec/, so a spec change that was
// not regenerated fails CI (run `pnpm generate` and commit the result). Fresh output goes to a temp
// dir and no turbo task regenerates before tests, so this compares exactly what is committed. Each
// check runs a CLI in a subprocess, which takes seconds on a busy machine: hence the long timeouts.
const root = resolve(import.meta.dirname, '../../..');
const specDir = join(root, 'spec');
const clientDir = join(root, 'packages/client');
const out = mkdtempSync(join(tmpdir(), 'lms-generated-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function bin(dir: string, name: string): string {
  return join(dir, 'node_modules/.bin', name);
}

describe('generated code is up to date with spec/', { timeout: 120_000 }, () => {
  it('spec/generated/openapi.json equals a fresh bundle of spec/openapi.yaml', () => {
    const fresh = join(out, 'openapi.json');
    execFileSync(
      bin(specDir, 'redocly'),
      ['bundle', 'openapi.yaml', '--output', fresh, '--ext', 'json'],
      {
        cwd: specDir,
        stdio: 'pipe',
      },
    );
    const committed = readFileSync(join(specDir, 'generated/openapi.json'), 'utf8');
    expect(readFileSync(fresh, 'utf8'), 'run `pnpm generate` and commit spec/generated').toBe(
      committed,
    );
  });

  it('packages/client/src/generated/schema.d.ts equals a fresh openapi-typescript run', () => {
    const fresh = join(out, 'schema.d.ts');
    execFileSync(
      bin(clientDir, 'openapi-typescript'),
      [join(specDir, 'generated/openapi.json'), '--output', fresh],
      { cwd: clientDir, stdio: 'pipe' },
    );
    const committed = readFileSync(join(clientDir, 'src/generated/schema.d.ts'), 'utf8');
    expect(readFileSync(fresh, 'utf8'), 'run `pnpm generate` and commit the client types').toBe(
      committed,
    );
  });

  it('the contract holds all 85 calls of the product', () => {
    const spec = JSON.parse(readFileSync(join(specDir, 'generated/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toHaveLength(85);
    expect(operations).toContain('GET /config.json');
    expect(operations).toContain('GET /lms/api/news/download.file');
  });
});

describe('every operation is typed', () => {
  type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, unknown> };
  type Operation = {
    operationId?: string;
    requestBody?: { content: Record<string, { schema?: Schema }> };
    responses: Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }>;
  };
  const spec = JSON.parse(readFileSync(join(specDir, 'generated/openapi.json'), 'utf8')) as {
    paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  };
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation = item[method];
      return operation ? [{ name: `${method.toUpperCase()} ${path}`, method, operation }] : [];
    }),
  );

  it.each(operations)(
    '$name has an operationId, a typed request and a typed data',
    ({ method, operation }) => {
      expect(operation.operationId).toBeTruthy();
      if (method === 'post') {
        const [media] = Object.values(operation.requestBody?.content ?? {});
        expect(media?.schema, 'POST needs a request body schema').toBeDefined();
      }
      const ok = operation.responses['200']?.content ?? {};
      const [media] = Object.values(ok);
      expect(media?.schema, '200 needs a schema').toBeDefined();
      const envelope = media?.schema?.allOf;
      if (envelope) {
        const dataPart = envelope.find((part) => part.properties && 'data' in part.properties);
        expect(dataPart, 'an enveloped answer must type its data').toBeDefined();
      }
      const examples = Object.values(ok).filter((m) => m.example !== undefined);
      // JSON answers carry an example; a file download (any media type) has none to give.
      if (Object.keys(ok).some((type) => type.endsWith('json'))) {
        expect(examples.length).toBeGreaterThan(0);
      }
    },
  );
});
