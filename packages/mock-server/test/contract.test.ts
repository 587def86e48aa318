import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { listOperationsWithoutHandler } from '../src/coverage.js';
import { fileFieldsAt, findOperation, operations } from '@lms/contract';
import type { AppEnv } from '../src/http.js';
import { ContractViolation, validateResponses } from '../src/validation/response.js';
import { Client, createTestApp, expectError, signIn } from './helpers.js';

describe('the contract', () => {
  it('every operation in the spec has a handler', () => {
    const missing = listOperationsWithoutHandler(createTestApp()).map(
      (op) => `${op.operationId} (${op.method} ${op.path})`,
    );
    expect(missing).toEqual([]);
  });

  it("names every upload's file field `file`, as the handlers' types (http.ts FileField) assume", () => {
    const uploads = operations.flatMap((op) => {
      const form = op.requestBody?.content['multipart/form-data'];
      return form ? [[op.operationId, fileFieldsAt(form)] as const] : [];
    });
    expect(uploads.map(([id]) => id).sort()).toEqual([
      'chatInsertMessage',
      'insertNews',
      'librarySaveBook',
      'umkSave',
    ]);
    for (const [, fields] of uploads) expect(fields).toEqual(['file']);
  });

  it('derives public and write operations from `security`', () => {
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    expect(byId.get('getConfig')).toMatchObject({ isPublic: true, isWrite: false });
    expect(byId.get('authorize')).toMatchObject({ isPublic: true, isWrite: false });
    expect(byId.get('getNews')).toMatchObject({ isPublic: false, isWrite: false });
    expect(byId.get('insertNews')).toMatchObject({ isPublic: false, isWrite: true });
    expect(findOperation('HEAD', '/config.json')?.operationId).toBe('getConfig');
  });

  it('test mode fails loudly when an answer does not match the contract', async () => {
    const app = new Hono<AppEnv>();
    app.onError((error) => {
      throw error;
    });
    app.use(async (c, next) => {
      c.set('operation', findOperation(c.req.method, c.req.path));
      await next();
    });
    app.use(validateResponses());
    app.get('/config.json', (c) => c.json({ name: 42 }));
    app.get('/api/logo.json', (c) => c.json({ logo: 'x', name: 'y' }, 418));
    await expect(app.request('/config.json')).rejects.toThrow(ContractViolation);
    await expect(app.request('/api/logo.json')).rejects.toThrow(
      /418, a status the contract does not declare/,
    );
  });
});

describe('robustness', () => {
  const bodies = [
    '',
    'null',
    '[]',
    '"text"',
    '{',
    '{"a":',
    '{"__proto__":{"x":1}}',
    '[[[[[[[[[[]]]]]]]]]]',
    '{"page":1e400}',
  ];
  const contentTypes = [
    'application/json',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'text/plain',
    'application/x-www-form-urlencoded',
  ];

  it('answers every malformed request to every handled operation below 500', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const handled = operations.filter(
      (op) => !listOperationsWithoutHandler(app).includes(op) && op.method === 'POST',
    );
    for (const op of handled) {
      for (const body of bodies) {
        for (const type of contentTypes) {
          const res = await app.request(op.path, {
            method: 'POST',
            headers: {
              'content-type': type,
              cookie: teacher.session?.cookie ?? '',
              'X-XSRF-TOKEN': teacher.session?.xsrf ?? '',
            },
            body,
          });
          expect(res.status, `${op.operationId} ${type} ${body}`).toBeLessThan(500);
        }
      }
    }
    // ~3 700 requests: a few seconds alone, more when the suite runs in parallel.
  }, 60_000);

  it('answers an undeclared method with 405 and Allow, and an unknown path with a 404 envelope', async () => {
    const client = new Client(createTestApp());
    const wrongMethod = await client.app.request('/api/news/data.json', { method: 'DELETE' });
    expect(wrongMethod.headers.get('Allow')).toBe('POST');
    await expectError(
      wrongMethod,
      405,
      'Method DELETE is not allowed: /api/news/data.json takes POST',
    );
    await expectError(
      client.app.request('/api/news/nothing.json', { method: 'DELETE' }),
      404,
      'Not found',
    );
  });
});
