import { describe, expect, it } from 'vitest';
import {
  checkAnswer,
  checkForm,
  checkJsonBody,
  compileAllValidators,
  findOperation,
  mediaTypeMatches,
  operations,
  readQuery,
  resolvePointer,
  resolveSchema,
} from '../src/index.js';

const op = (method: string, path: string) => {
  const found = findOperation(method, path);
  if (!found) throw new Error(`${method} ${path} is not in the contract`);
  return found;
};

describe('the contract package', () => {
  it('indexes all 85 operations and compiles every validator', () => {
    expect(operations).toHaveLength(85);
    expect(() => compileAllValidators({ responses: true })).not.toThrow();
  });

  it('accepts a declared answer and names the rule and the fields of one that is not', () => {
    const years = op('POST', '/api/misc/years');
    expect(
      checkAnswer(years, 200, 'application/json', {
        result: 0,
        error: null,
        data: [{ id_a_year: 4, name: '2026-2027' }],
      }),
    ).toBeNull();
    expect(
      checkAnswer(years, 200, 'application/json', { result: 0, error: null, data: [{}] }),
    ).toMatchObject({ rule: 'schema', fields: expect.arrayContaining(['/data/0/id_a_year']) });
    expect(checkAnswer(years, 418, 'application/json', {})).toMatchObject({ rule: 'status' });
    expect(checkAnswer(years, 200, 'text/html', undefined)).toMatchObject({ rule: 'content-type' });
  });

  it('matches media type ranges', () => {
    expect(mediaTypeMatches('image/png', 'image/*')).toBe(true);
    expect(mediaTypeMatches('application/pdf', '*/*')).toBe(true);
    expect(mediaTypeMatches('text/plain', 'image/*')).toBe(false);
  });

  it('refuses a repeated query parameter that takes one value', () => {
    const download = op('GET', '/lms/api/news/download.file');
    expect(readQuery(download, (name) => (name === 'type' ? ['4', '1'] : ['1_a.pdf']))).toEqual({
      status: 400,
      error: 'query/type: must be given once',
    });
  });

  it('checks JSON bodies and forms', () => {
    const news = op('POST', '/api/news/data.json');
    const pointer = news.requestBody!.content['application/json']!;
    expect(checkJsonBody(pointer, '{', true)).toEqual({
      status: 400,
      error: 'body: malformed JSON',
    });
    expect(checkJsonBody(pointer, '', true)).toEqual({ status: 400, error: 'body: is required' });
    const insert = op('POST', '/api/news/insert.json');
    const form = insert.requestBody!.content['multipart/form-data']!;
    const result = checkForm(form, { file: [{ name: 'big.pdf', size: 5_000_000 }] }, 1_000_000);
    expect(result).toMatchObject({ status: 413 });
  });

  it('says whose data every operation behind a session may touch, and declares the refusal', () => {
    // the property names of a request, at its top level and in the items of its arrays
    const fieldsOf = (o: (typeof operations)[number]) => {
      const names = new Set(o.query.map((q) => q.name));
      const walk = (node: unknown, depth: number): void => {
        if (!node || typeof node !== 'object' || depth > 2) return;
        const schema = resolveSchema(node) as {
          properties?: Record<string, unknown>;
          allOf?: unknown[];
          items?: unknown;
        };
        for (const part of schema.allOf ?? []) walk(part, depth);
        if (schema.items) walk(schema.items, depth + 1);
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          names.add(name);
          walk(property, depth + 1);
        }
      };
      const pointer = Object.values(o.requestBody?.content ?? {})[0];
      if (pointer) walk(resolvePointer(pointer), 0);
      return names;
    };
    for (const o of operations) {
      if (o.isPublic) {
        expect(o.owner, o.operationId).toBeUndefined();
        continue;
      }
      expect(o.owner, o.operationId).toBeDefined();
      const { whose, by, item } = o.owner!;
      // each field the rule names is a field of the request
      const fields = fieldsOf(o);
      for (const field of [...by, ...(item ? [item] : [])])
        expect(fields.has(field), `${o.operationId} ${field}`).toBe(true);
      // a request that can name someone else's data has a declared 403 for it
      if (whose !== 'anyone' && (by.length > 0 || item))
        expect(Object.keys(o.responses), o.operationId).toContain('403');
    }
    expect(op('POST', '/api/misc/paymentcode').owner).toMatchObject({
      whose: 'caller',
      by: ['id_student', 'id_group'],
    });
  });
});
