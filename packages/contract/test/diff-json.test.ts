// How the differ reads a contract's JSON: two values are the same when their canonical text is,
// and a local `$ref` leads to what it names (JSON Pointer, RFC 6901), so a change behind a
// reference is judged as the same change written in place.
import { describe, expect, it } from 'vitest';
import { atPointer, canonical, deref, isObj } from '../src/diff/json.js';

describe('the canonical text of a value', () => {
  it('is the same whatever the order of an object’s keys, at any depth', () => {
    expect(canonical({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(
      canonical({ a: { c: 'x', d: [1, 2] }, b: 1 }),
    );
    expect(canonical({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('keeps the order of an array’s items: a reordered list is another value', () => {
    expect(canonical([1, 2])).toBe('[1,2]');
    expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
  });

  it('leaves out a key whose value is undefined, as JSON does', () => {
    expect(canonical({ a: 1, b: undefined })).toBe(canonical({ a: 1 }));
  });

  it('tells an absent value from null, and a string from a number', () => {
    expect(canonical(undefined)).toBe('undefined');
    expect(canonical(undefined)).not.toBe(canonical(null));
    expect(canonical('1')).not.toBe(canonical(1));
  });
});

describe('a local $ref', () => {
  const doc = {
    components: {
      schemas: { Order: { type: 'object' }, 'a/b': { type: 'string' }, 'a~b': { type: 'integer' } },
      parameters: {
        Page: { name: 'page', in: 'query' },
        Alias: { $ref: '#/components/parameters/Page' },
      },
    },
    paths: { '/lms/orders': { get: { tags: ['orders', 'lms'] } } },
  };

  it('leads to the value it names', () => {
    expect(atPointer(doc, '#/components/schemas/Order')).toEqual({ type: 'object' });
    expect(atPointer(doc, '#')).toBe(doc);
  });

  it('reads ~1 as a slash and ~0 as a tilde in a name, the slash first', () => {
    expect(atPointer(doc, '#/components/schemas/a~1b')).toEqual({ type: 'string' });
    expect(atPointer(doc, '#/components/schemas/a~0b')).toEqual({ type: 'integer' });
    expect(atPointer(doc, '#/paths/~1lms~1orders/get')).toEqual({ tags: ['orders', 'lms'] });
  });

  it('reads a percent-encoded name and an array’s index', () => {
    expect(atPointer(doc, '#/paths/%7E1lms%7E1orders/get/tags/1')).toBe('lms');
  });

  it('leads nowhere when it names nothing, goes through a value that is not a container, or is not local', () => {
    expect(atPointer(doc, '#/components/schemas/Missing')).toBeUndefined();
    expect(atPointer(doc, '#/components/schemas/Order/type/length')).toBeUndefined();
    expect(atPointer(doc, 'other.yaml#/components/schemas/Order')).toBeUndefined();
  });

  it('is followed through a chain of references to the object at its end', () => {
    expect(deref(doc, { $ref: '#/components/parameters/Alias' })).toEqual({
      name: 'page',
      in: 'query',
    });
    expect(deref(doc, { name: 'inline', in: 'query' })).toEqual({ name: 'inline', in: 'query' });
  });

  it('gives nothing for a reference to nothing or to a value that is not an object', () => {
    expect(deref(doc, { $ref: '#/components/parameters/Missing' })).toBeUndefined();
    expect(deref(doc, { $ref: '#/paths/~1lms~1orders/get/tags' })).toBeUndefined();
    expect(deref(doc, 'a string')).toBeUndefined();
  });

  it('stops on a loop of references instead of following it for ever', () => {
    const loop = {
      components: {
        parameters: {
          A: { $ref: '#/components/parameters/B' },
          B: { $ref: '#/components/parameters/A' },
        },
      },
    };
    expect(deref(loop, { $ref: '#/components/parameters/A' })).toHaveProperty('$ref');
  });
});

describe('an object of the contract', () => {
  it('is a plain object, not null or an array', () => {
    expect(isObj({})).toBe(true);
    expect(isObj(null)).toBe(false);
    expect(isObj([])).toBe(false);
    expect(isObj('x')).toBe(false);
  });
});
