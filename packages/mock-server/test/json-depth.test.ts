import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../src/validation/json-shape.js';
import { createTestApp, expectBadRequest, signIn } from './helpers.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects inside one another', () => {
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(jsonDepthExceeds('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[],[],[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('"text"', 0)).toBe(false);
    expect(jsonDepthExceeds('[]', 0)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('["[[[[{{{{"]', 1)).toBe(false);
    expect(jsonDepthExceeds('["a \\"[[[[\\" b", {"k\\\\": "]]]"}]', 2)).toBe(false);
    // an escaped backslash ends before the quote, which then closes the string
    expect(jsonDepthExceeds('["\\\\", [[]]]', 2)).toBe(true);
  });

  it('stops at the first bracket past the limit', () => {
    expect(
      jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH + 1)}not json at all`, MAX_JSON_DEPTH),
    ).toBe(true);
  });
});

describe('the depth rule on contract operations', () => {
  it(`lets ${MAX_JSON_DEPTH} levels through to the validation and refuses one more`, async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    // the contract's own check then answers: a page must be an integer
    await expectBadRequest(
      teacher.post('/api/news/data.json', `{"id":501,"uid":1001,"role":1,"page":${nested(31)}}`),
      'body/page: must be integer',
    );
    await expectBadRequest(
      teacher.post('/api/news/data.json', `{"id":501,"uid":1001,"role":1,"page":${nested(32)}}`),
      `body: JSON nesting deeper than ${MAX_JSON_DEPTH} levels`,
    );
  });
});
