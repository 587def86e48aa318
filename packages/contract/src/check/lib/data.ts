// Valid request data for the server under test: the contract's own example of each request, with
// every field the server can tell us replaced by what it told us (the signed-in person's ids, and
// ids from the lists it answered earlier), so later calls ask about things that exist there.
import { resolvePointer, resolveSchema, validatorAt, type Operation } from '../../index.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from './roles.js';

/** The signed-in person, as authorize answered. */
export interface Person {
  role: Role;
  uid: number;
  id: number;
  id_group?: number;
  newsPerms?: boolean;
}

/** What the server answered so far, per field name, newest last (one store per role). */
export class Facts {
  private readonly values = new Map<string, unknown[]>();

  /** Records every primitive field of an answer's data, at any depth. */
  record(value: unknown, depth = 0): void {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      // the first few items are enough to know ids that exist
      for (const item of value.slice(0, 3).reverse()) this.record(item, depth + 1);
      return;
    }
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'number' || typeof field === 'string' || typeof field === 'boolean') {
        const list = this.values.get(key) ?? [];
        const at = list.indexOf(field);
        if (at >= 0) list.splice(at, 1);
        list.push(field);
        if (list.length > 20) list.shift();
        this.values.set(key, list);
      } else {
        this.record(field, depth + 1);
      }
    }
  }

  latest(key: string): unknown {
    return this.values.get(key)?.at(-1);
  }

  all(key: string): readonly unknown[] {
    return this.values.get(key) ?? [];
  }
}

// Request fields named differently from the answer fields that hold their values.
const SYNONYMS: Record<string, string[]> = {
  year: ['id_a_year'],
  id_year: ['id_a_year'],
  semester: ['id_semester'],
  discipline: ['id_discipline'],
  kredit: ['kredits'],
  credits: ['kredits'],
  id_groupOrPorok: ['id_group'],
  id_semesterOrWs: ['id_semester'],
  id_uslug: ['id_uslugi', 'id_uslug'],
  id_books: ['idBook', 'id_books'],
};

/** A field the signed-in person fills: who asks. */
function identity(key: string, person: Person): unknown {
  switch (key) {
    case 'uid':
      return person.uid;
    case 'role':
    case 'id_humanType':
    case 'id_type':
      return person.role;
    case 'idUser':
      return person.uid;
    case 'id':
    case 'id_human':
    case 'id_HumanFrom':
      return person.id;
    case 'id_humanTypeFrom':
      return person.role;
    case 'gr_potok':
      return person.id_group;
    case 'id_teacher':
      return person.role === ROLE_TEACHER ? person.id : undefined;
    case 'id_student':
      return person.role === ROLE_STUDENT ? person.id : undefined;
    default:
      return undefined;
  }
}

/** The contract's example of an operation's request body (for a media type). */
export function requestExample(op: Operation, mediaType = 'application/json'): unknown {
  const pointer = op.requestBody?.content[mediaType];
  if (!pointer) return undefined;
  const media = resolvePointer(pointer.replace(/\/schema$/, '')) as
    { example?: unknown } | undefined;
  return structuredClone(media?.example);
}

const sameType = (a: unknown, b: unknown) => typeof a === typeof b;

/**
 * A valid body for the operation as `person`: the example, each field replaced by the person's
 * own value or the newest value the server gave for it; `overrides` win. Falls back to the plain
 * example when the result would not be valid.
 */
export function validBody(
  op: Operation,
  person: Person,
  facts: Facts,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> | undefined {
  const mediaType = Object.keys(op.requestBody?.content ?? {})[0];
  const example = requestExample(op, mediaType);
  if (!example || typeof example !== 'object' || Array.isArray(example))
    return example as undefined;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(example as Record<string, unknown>)) {
    const own = identity(key, person);
    const known = [key, ...(SYNONYMS[key] ?? [])]
      .map((name) => facts.latest(name))
      .find((fact) => fact !== undefined && sameType(fact, value));
    body[key] = own !== undefined && sameType(own, value) ? own : (known ?? value);
  }
  Object.assign(body, overrides);
  const pointer = op.requestBody?.content['application/json'];
  if (pointer && !validatorAt(pointer)(body)) {
    return { ...(example as Record<string, unknown>), ...overrides };
  }
  return body;
}

/**
 * An invalid body: the valid one with its first required field removed, or (without required
 * fields) its first field given a value of another type.
 */
export function invalidBody(op: Operation, valid: Record<string, unknown> | undefined): unknown {
  const pointer = op.requestBody?.content['application/json'];
  const schema = pointer
    ? (resolveSchema(resolvePointer(pointer)) as { required?: string[] })
    : undefined;
  const body = { ...(valid ?? {}) };
  const required = schema?.required?.[0] ?? Object.keys(body)[0];
  if (required && required in body && schema?.required?.length) {
    delete body[required];
    return body;
  }
  const first = Object.keys(body)[0];
  if (!first) return [];
  body[first] = typeof body[first] === 'string' ? { not: 'a string' } : 'not-a-number';
  return body;
}
