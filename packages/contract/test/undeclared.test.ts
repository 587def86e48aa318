import { describe, expect, it } from 'vitest';
import { findOperation, undeclaredProperties } from '../src/index.js';

describe('undeclared answer properties', () => {
  it('names a property the answer schema does not declare, at any depth, and nothing else', () => {
    const profile = findOperation('POST', '/api/profile/data.json')!;
    const years = findOperation('POST', '/api/misc/years')!;
    expect(
      undeclaredProperties(years, 200, 'application/json', {
        result: 0,
        error: null,
        data: [{ id_a_year: 4, name: '2026-2027' }],
      }),
    ).toEqual([]);
    expect(
      undeclaredProperties(years, 200, 'application/json', {
        result: 0,
        error: null,
        data: [
          { id_a_year: 4, name: 'x' },
          { id_a_year: 5, name: 'y', secret: 1 },
        ],
        debug: true,
      }),
    ).toEqual(['/data/1/secret', '/debug']);
    const found = undeclaredProperties(profile, 200, 'application/json; charset=utf-8', {
      result: 0,
      error: null,
      data: { passwordHash: 'x' },
    });
    expect(found).toEqual(['/data/passwordHash']);
    // an error answer is checked against its own schema
    expect(
      undeclaredProperties(profile, 401, 'application/json', {
        result: 1,
        error: 'Unauthorized',
        data: null,
        stack: 'at …',
      }),
    ).toEqual(['/stack']);
  });
});
