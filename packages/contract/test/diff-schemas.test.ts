// A value's schema as the differ judges and words it, for the rules the kinds' minimal pairs
// (test/diff-kinds.test.ts) do not reach: long and mixed enum changes, bounds moved either way,
// bounds of a retyped value left alone, pattern and format, the path of a field, an additional
// field and an item, and oneOf's alternatives counted.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';

/** A contract whose one operation answers 200 with JSON of `schema`. */
const answering = (schema: unknown): OpenApiDocument => ({
  openapi: '3.1.0',
  info: { title: 'schemas', version: '1' },
  paths: {
    '/api/thing': {
      post: {
        operationId: 'thing',
        responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
      },
    },
  },
});

/** Each change found in the answer as [kind, field, words]. */
const changes = (before: unknown, after: unknown) =>
  diffContracts(answering(before), answering(after)).map((c) => [c.kind, c.field, c.change]);

describe('allowed values', () => {
  it('name six of a long list removed, and count the rest', () => {
    expect(changes({ enum: [1, 2, 3, 4, 5, 6, 7, 8] }, { enum: [1] })).toEqual([
      ['enum-narrowed', '$', 'enum values removed: 2, 3, 4, 5, 6, 7 and 1 more'],
    ]);
  });

  it('say both what went and what came', () => {
    expect(changes({ enum: ['a', 'b'] }, { enum: ['b', 'c'] })).toEqual([
      ['enum-changed', '$', 'enum values removed: "a"; values added: "c"'],
    ]);
  });

  it('limited where any was allowed, and lifted', () => {
    expect(changes({ type: 'string' }, { type: 'string', enum: ['a'] })).toEqual([
      ['enum-narrowed', '$', 'enum now only "a"'],
    ]);
    expect(changes({ enum: ['a'] }, {})).toEqual([
      ['enum-widened', '$', 'enum any value now (was an enum)'],
    ]);
  });
});

describe('bounds and marks', () => {
  it('narrow when a lower bound rises, widen when an upper bound rises', () => {
    expect(
      changes(
        { type: 'string', minLength: 1, maxLength: 10 },
        { type: 'string', minLength: 2, maxLength: 20 },
      ),
    ).toEqual([
      ['bound-narrowed', '$', 'minLength 1 → 2'],
      ['bound-widened', '$', 'maxLength 10 → 20'],
    ]);
    expect(
      changes(
        { type: 'integer', minimum: 2, maximum: 20 },
        { type: 'integer', minimum: 1, maximum: 10 },
      ),
    ).toEqual([
      ['bound-widened', '$', 'minimum 2 → 1'],
      ['bound-narrowed', '$', 'maximum 20 → 10'],
    ]);
  });

  it('added narrow and removed widen', () => {
    expect(changes({ type: 'string' }, { type: 'string', maxLength: 5 })).toEqual([
      ['bound-narrowed', '$', 'maxLength none → 5'],
    ]);
    expect(changes({ type: 'string', maxLength: 5 }, { type: 'string' })).toEqual([
      ['bound-widened', '$', 'maxLength 5 → none'],
    ]);
  });

  it('of a value of another type altogether are not compared: the type change says it', () => {
    expect(
      changes({ type: 'string', maxLength: 10, pattern: '^a' }, { type: 'integer', maximum: 5 }),
    ).toEqual([['type-changed', '$', 'type string → integer']]);
  });

  it('pattern removed widens, format replaced changes', () => {
    expect(
      changes(
        { type: 'string', format: 'date', pattern: '^a' },
        { type: 'string', format: 'date-time' },
      ),
    ).toEqual([
      ['bound-widened', '$', 'pattern "^a" → none'],
      ['bound-changed', '$', 'format "date" → "date-time"'],
    ]);
  });
});

describe('where in the value', () => {
  it('a field is named by a dot, or in brackets when its name is no identifier', () => {
    const object = (type: string) => ({
      type: 'object',
      properties: { 'a-b': { type }, 'x y': { type } },
    });
    expect(changes(object('string'), object('integer'))).toEqual([
      ['type-changed', '$.a-b', 'type string → integer'],
      ['type-changed', '$["x y"]', 'type string → integer'],
    ]);
  });

  it('an additional field is .* and an item []', () => {
    expect(
      changes(
        { type: 'object', additionalProperties: { type: 'string' } },
        { type: 'object', additionalProperties: { type: 'integer' } },
      ),
    ).toEqual([['type-changed', '$.*', 'type string → integer']]);
    expect(
      changes(
        { type: 'array', items: { type: 'string' } },
        { type: 'array', items: { type: 'integer' } },
      ),
    ).toEqual([['type-changed', '$[]', 'type string → integer']]);
  });
});

describe('alternatives', () => {
  it('are counted by meaning: removed and added', () => {
    expect(
      changes(
        { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        { oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'null' }] },
      ),
    ).toEqual([['alternatives-changed', '$', 'oneOf: 1 removed, 2 added']]);
  });

  it('swapped from oneOf to anyOf change, and dropped widen', () => {
    expect(changes({ oneOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }] })).toEqual([
      ['alternatives-changed', '$', 'oneOf → anyOf'],
    ]);
    expect(changes({ oneOf: [{ type: 'string' }] }, {})).toEqual([
      ['alternatives-widened', '$', 'oneOf removed'],
    ]);
  });
});

it('takes a change of a keyword it does not read as breaking both sides, named', () => {
  expect(changes({ not: { type: 'string' } }, { not: { type: 'integer' } })).toEqual([
    ['schema-changed', '$', 'not changed'],
  ]);
});
