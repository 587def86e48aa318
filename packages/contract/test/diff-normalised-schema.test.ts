// The form two schemas are compared in: the same meaning written two ways (`allOf`, `$ref` with
// siblings, `const`, 3.0's `nullable`) must normalise to the same, or the differ reports a change
// that is none; a tighter rule must stay tighter, or it misses one.
import { describe, expect, it } from 'vitest';
import {
  describeTypes,
  isAnnotation,
  meaning,
  normalise,
  typesWithin,
} from '../src/diff/normalised-schema.js';

const doc = {
  components: {
    schemas: {
      Named: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      Loop: { $ref: '#/components/schemas/Loop', type: 'string' },
      Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
    },
  },
};

const types = (schema: unknown) => [...(normalise(doc, schema).types ?? ['any'])].sort();

describe('a schema’s types', () => {
  it('are those `type` names, as a string or a list; none named: any type', () => {
    expect(types({ type: 'string' })).toEqual(['string']);
    expect(types({ type: ['string', 'null'] })).toEqual(['null', 'string']);
    expect(normalise(doc, {}).types).toBeUndefined();
  });

  it('take `nullable: true` (OpenAPI 3.0) as the null type, and `nullable: false` as nothing', () => {
    expect(types({ type: 'string', nullable: true })).toEqual(['null', 'string']);
    expect(types({ type: 'string', nullable: false })).toEqual(['string']);
  });

  it('of parts joined by allOf are those every part allows, integer within number', () => {
    expect(types({ allOf: [{ type: ['string', 'null'] }, { type: 'string' }] })).toEqual([
      'string',
    ]);
    expect(types({ allOf: [{ type: 'number' }, { type: 'integer' }] })).toEqual(['integer']);
    expect(types({ allOf: [{ type: 'integer' }, { type: 'number' }] })).toEqual(['integer']);
    expect(types({ allOf: [{ type: 'number' }, { type: ['number', 'string'] }] })).toEqual([
      'number',
    ]);
    expect(types({ allOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual([]);
  });

  it('are none for the schema `false`, which accepts nothing', () => {
    expect(normalise(doc, false).types?.size).toBe(0);
  });

  it('are within another schema’s when each is accepted there', () => {
    expect(typesWithin(new Set(['integer']), new Set(['number']))).toBe(true);
    expect(typesWithin(new Set(['number']), new Set(['integer']))).toBe(false);
    expect(typesWithin(new Set(['string']), undefined)).toBe(true);
    expect(typesWithin(undefined, new Set(['string']))).toBe(false);
    expect(typesWithin(new Set(['string', 'null']), new Set(['string']))).toBe(false);
  });

  it('read in words: any, nothing, or the names in order', () => {
    expect(describeTypes(undefined)).toBe('any');
    expect(describeTypes(new Set())).toBe('nothing');
    expect(describeTypes(new Set(['string', 'null']))).toBe('null | string');
  });
});

describe('a schema’s allowed values', () => {
  it('take `const` as an enum of one value, and a part’s enum narrows another’s', () => {
    expect(normalise(doc, { const: 'a' }).enumValues).toEqual(['"a"']);
    expect(
      normalise(doc, { allOf: [{ enum: ['a', 'b', 'c'] }, { enum: ['b', 'c', 'd'] }] }).enumValues,
    ).toEqual(['"b"', '"c"']);
    expect(normalise(doc, { enum: 'not a list' }).enumValues).toEqual([]);
    expect(normalise(doc, {}).enumValues).toBeUndefined();
  });
});

describe('an object’s fields', () => {
  it('follow a $ref, keeping the fields written beside it', () => {
    const normal = normalise(doc, {
      $ref: '#/components/schemas/Named',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    });
    expect([...normal.properties.keys()].sort()).toEqual(['id', 'name']);
    expect([...normal.required].sort()).toEqual(['id', 'name']);
    expect(normal.refs).toEqual(['#/components/schemas/Named']);
  });

  it('of the same name in two parts must satisfy both', () => {
    const normal = normalise(doc, {
      allOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { maxLength: 3 } } }],
    });
    expect(normal.properties.get('a')).toEqual({
      allOf: [{ type: 'string' }, { maxLength: 3 }],
    });
  });

  it('are closed by additionalProperties or unevaluatedProperties false, not by a schema', () => {
    expect(normalise(doc, { additionalProperties: false }).closed).toBe(true);
    expect(normalise(doc, { unevaluatedProperties: false }).closed).toBe(true);
    expect(normalise(doc, { additionalProperties: true }).closed).toBe(false);
    const open = normalise(doc, { additionalProperties: { type: 'string' } });
    expect(open.closed).toBe(false);
    expect(open.additional).toEqual({ type: 'string' });
    expect(
      normalise(doc, { unevaluatedProperties: { type: 'string' } }).additional,
    ).toBeUndefined();
  });

  it('of a schema that contains itself stop at the repeated $ref', () => {
    const normal = normalise(doc, { $ref: '#/components/schemas/Node' });
    expect(normal.properties.get('next')).toEqual({ $ref: '#/components/schemas/Node' });
    // A $ref that leads back to itself is kept by name rather than followed again.
    const loop = normalise(doc, { $ref: '#/components/schemas/Loop' });
    expect(loop.other).toEqual({ $recursiveRef: '#/components/schemas/Loop' });
    expect(loop.types).toEqual(new Set(['string']));
  });
});

describe('a schema’s bounds and other rules', () => {
  it('joined by allOf keep the tighter of each bound', () => {
    const normal = normalise(doc, {
      allOf: [
        { minimum: 1, maximum: 10, minLength: 2 },
        { minimum: 3, maximum: 7, maxLength: 5 },
      ],
    });
    expect(normal.bounds).toEqual({ minimum: 3, maximum: 7, minLength: 2, maxLength: 5 });
  });

  it('read a bound only as a number, and keep pattern, format, multipleOf and uniqueItems as marks', () => {
    const normal = normalise(doc, {
      minimum: '1',
      pattern: '^a',
      format: 'date',
      multipleOf: 2,
      uniqueItems: true,
    });
    expect(normal.bounds).toEqual({});
    expect(normal.marks).toEqual({
      pattern: '^a',
      format: 'date',
      multipleOf: 2,
      uniqueItems: true,
    });
    expect(normal.other).toEqual({ minimum: '1' });
  });

  it('keep the first oneOf or anyOf as the alternatives, and a second apart', () => {
    const normal = normalise(doc, {
      allOf: [{ oneOf: [{ type: 'string' }] }, { anyOf: [{ type: 'integer' }] }],
    });
    expect(normal.alternatives).toEqual({ keyword: 'oneOf', branches: [{ type: 'string' }] });
    expect(normal.other).toEqual({ 'anyOf (second)': [{ type: 'integer' }] });
  });

  it('set descriptions apart from rules (the first written wins), and leave out $id, $defs and the like', () => {
    const normal = normalise(doc, {
      allOf: [{ description: 'first' }, { description: 'second', 'x-note': 1 }],
      $id: 'x',
      $defs: { A: {} },
      'x-roles': ['student'],
      not: { type: 'null' },
    });
    expect(normal.annotations).toEqual({ description: 'first', 'x-note': 1 });
    expect(normal.other).toEqual({ 'x-roles': ['student'], not: { type: 'null' } });
  });

  it('tell a description from a rule: x- extensions describe, but x-roles and x-owner do not', () => {
    expect(isAnnotation('description')).toBe(true);
    expect(isAnnotation('x-note')).toBe(true);
    expect(isAnnotation('x-roles')).toBe(false);
    expect(isAnnotation('x-owner')).toBe(false);
    expect(isAnnotation('maxLength')).toBe(false);
  });
});

describe('the meaning of a schema', () => {
  it('is the same whatever its descriptions and the order of its keys', () => {
    expect(meaning(doc, { type: 'string', description: 'a', maxLength: 3 })).toBe(
      meaning(doc, { maxLength: 3, type: 'string', title: 'b' }),
    );
    expect(meaning(doc, { type: 'string' })).not.toBe(meaning(doc, { type: 'integer' }));
  });

  it('follows a $ref, and joins the fields written beside it', () => {
    expect(meaning(doc, { $ref: '#/components/schemas/Named' })).toBe(
      meaning(doc, doc.components.schemas.Named),
    );
    expect(meaning(doc, { $ref: '#/components/schemas/Named', maxProperties: 2 })).not.toBe(
      meaning(doc, { $ref: '#/components/schemas/Named' }),
    );
  });

  it('reads a list item by item, and ends on a schema that contains itself', () => {
    expect(meaning(doc, [{ type: 'string' }, { type: 'null' }])).not.toBe(
      meaning(doc, [{ type: 'null' }, { type: 'string' }]),
    );
    expect(meaning(doc, { $ref: '#/components/schemas/Node' })).toContain('…');
  });
});
