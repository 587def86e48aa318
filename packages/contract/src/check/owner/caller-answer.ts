// An answer about the caller names no one else: where the request named the caller by a person
// field (id_student, uid), no other value of that field may appear anywhere in the answer.
import type { Operation } from '../../index.js';
import type { ReadRequest } from '../read-requests.js';

// The request fields that name one person in any answer too.
const PERSON_FIELDS = new Set(['id_student', 'uid']);

/** The first place in `data` where a person field holds another value than the request's. */
function foreignPerson(data: unknown, expected: Map<string, unknown>, at = '/data'): string | null {
  if (data === null || typeof data !== 'object') return null;
  const entries = Array.isArray(data) ? data.entries() : Object.entries(data);
  for (const [key, value] of entries) {
    const here = `${at}/${key}`;
    if (typeof key === 'string' && expected.has(key) && value !== expected.get(key)) {
      return `${here} is ${JSON.stringify(value)}, not the caller's ${JSON.stringify(expected.get(key))}`;
    }
    const inner = foreignPerson(value, expected, here);
    if (inner) return inner;
  }
  return null;
}

/**
 * Where an answer to a `caller` operation names someone other than the caller its request named;
 * null when it names no one else (or the request named the caller by no person field).
 */
export function someoneElseInAnswer(
  op: Operation,
  request: ReadRequest,
  data: unknown,
): string | null {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const expected = new Map(
    (op.owner?.by ?? [])
      .filter((field) => PERSON_FIELDS.has(field) && field in body)
      .map((field) => [field, body[field]]),
  );
  return expected.size > 0 ? foreignPerson(data, expected) : null;
}
