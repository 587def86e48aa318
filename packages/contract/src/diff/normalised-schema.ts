// Schemas, normalised: `$ref` followed (its siblings kept, as 3.1 reads them), `allOf` merged,
// `const` as a one-value enum, 3.0's `nullable` as a null type. Two schemas are compared through
// these forms, so the same meaning written two ways is no change.
import { atPointer, canonical, isObj, type Obj, type OpenApiDocument } from './json.js';

/** Keywords that only describe; a change to them is compatible. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'summary',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'contentMediaType',
  'contentEncoding',
]);
/** x- extensions that say who may call an operation: rules, not descriptions. */
const RULE_EXTENSIONS = new Set(['x-roles', 'x-owner']);
export const isAnnotation = (key: string) =>
  ANNOTATIONS.has(key) || (key.startsWith('x-') && !RULE_EXTENSIONS.has(key));
/** Keywords that name or hold schemas elsewhere, not constraints on this value. */
const IGNORED = new Set(['$id', '$schema', '$anchor', '$dynamicAnchor', '$defs', 'definitions']);
export const LOWER_BOUNDS = [
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
];
export const UPPER_BOUNDS = [
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
];
export const MARKS = ['pattern', 'format', 'multipleOf', 'uniqueItems'];

export interface Normal {
  /** undefined: any type. `integer` is also accepted by `number`. */
  types?: Set<string>;
  /** undefined: any value. Canonical texts of the allowed values. */
  enumValues?: string[];
  properties: Map<string, unknown>;
  required: Set<string>;
  /** additionalProperties or unevaluatedProperties is false. */
  closed: boolean;
  additional?: unknown;
  items?: unknown;
  alternatives?: { keyword: string; branches: unknown[] };
  bounds: Record<string, number>;
  marks: Record<string, unknown>;
  annotations: Record<string, unknown>;
  other: Record<string, unknown>;
  /** The `$ref`s followed to reach this schema (for recursion). */
  refs: string[];
}

function typeSet(value: unknown): Set<string> | undefined {
  if (typeof value === 'string') return new Set([value]);
  if (Array.isArray(value)) return new Set(value.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

const acceptsType = (types: Set<string> | undefined, type: string) =>
  !types || types.has(type) || (type === 'integer' && types.has('number'));

function intersectTypes(a: Set<string>, b: Set<string>): Set<string> {
  const both = new Set<string>();
  for (const type of a) if (acceptsType(b, type)) both.add(type);
  for (const type of b) if (acceptsType(a, type)) both.add(type);
  // number ∩ integer is integer.
  if (both.has('number') && !(a.has('number') && b.has('number'))) both.delete('number');
  return both;
}

/** Whether every type `a` allows is allowed by `b`. */
export function typesWithin(a: Set<string> | undefined, b: Set<string> | undefined): boolean {
  if (!b) return true;
  if (!a) return false;
  return [...a].every((type) => acceptsType(b, type));
}

export const describeTypes = (types: Set<string> | undefined) =>
  !types ? 'any' : types.size === 0 ? 'nothing' : [...types].sort().join(' | ');

function flatten(doc: OpenApiDocument, schema: unknown, refs: string[], out: string[]): Obj[] {
  if (schema === false) return [{ type: [] }];
  if (!isObj(schema)) return [];
  const { $ref, allOf, ...own } = schema;
  const parts: Obj[] = [];
  if (typeof $ref === 'string') {
    out.push($ref);
    // A schema that contains itself is compared down to the repeated `$ref`, then by name.
    if (refs.includes($ref) || refs.length > 32) parts.push({ $recursiveRef: $ref });
    else parts.push(...flatten(doc, atPointer(doc, $ref), [...refs, $ref], out));
  }
  if (Array.isArray(allOf)) for (const part of allOf) parts.push(...flatten(doc, part, refs, out));
  parts.push(own);
  return parts;
}

export function normalise(doc: OpenApiDocument, schema: unknown): Normal {
  const refs: string[] = [];
  const parts = flatten(doc, schema, [], refs);
  const normal: Normal = {
    properties: new Map(),
    required: new Set(),
    closed: false,
    bounds: {},
    marks: {},
    annotations: {},
    other: {},
    refs,
  };
  const mergeSchema = (a: unknown, b: unknown) => (a === undefined ? b : { allOf: [a, b] });
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined || IGNORED.has(key)) continue;
      if (key === 'type') {
        const types = typeSet(value) ?? new Set<string>();
        if (part.nullable === true) types.add('null');
        normal.types = normal.types ? intersectTypes(normal.types, types) : types;
      } else if (key === 'nullable') {
        continue;
      } else if (key === 'enum' || key === 'const') {
        const values = (key === 'const' ? [value] : Array.isArray(value) ? value : []).map(
          canonical,
        );
        normal.enumValues = normal.enumValues
          ? normal.enumValues.filter((v) => values.includes(v))
          : values;
      } else if (key === 'properties' && isObj(value)) {
        for (const [name, child] of Object.entries(value)) {
          normal.properties.set(name, mergeSchema(normal.properties.get(name), child));
        }
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) if (typeof name === 'string') normal.required.add(name);
      } else if (key === 'additionalProperties' || key === 'unevaluatedProperties') {
        if (value === false) normal.closed = true;
        else if (isObj(value) && key === 'additionalProperties') {
          normal.additional = mergeSchema(normal.additional, value);
        }
      } else if (key === 'items') {
        normal.items = mergeSchema(normal.items, value);
      } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
        if (!normal.alternatives) normal.alternatives = { keyword: key, branches: value };
        else normal.other[`${key} (second)`] = value;
      } else if (LOWER_BOUNDS.includes(key) && typeof value === 'number') {
        normal.bounds[key] = Math.max(normal.bounds[key] ?? -Infinity, value);
      } else if (UPPER_BOUNDS.includes(key) && typeof value === 'number') {
        normal.bounds[key] = Math.min(normal.bounds[key] ?? Infinity, value);
      } else if (MARKS.includes(key)) {
        normal.marks[key] = value;
      } else if (isAnnotation(key)) {
        if (!(key in normal.annotations)) normal.annotations[key] = value;
      } else {
        normal.other[key] = value;
      }
    }
  }
  return normal;
}

/** A schema fully dereferenced, without annotations: equal meaning gives equal text. */
export function meaning(doc: OpenApiDocument, schema: unknown, depth = 0): string {
  if (depth > 16) return '…';
  if (Array.isArray(schema)) return `[${schema.map((s) => meaning(doc, s, depth + 1)).join(',')}]`;
  if (!isObj(schema)) return canonical(schema);
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const target = meaning(doc, atPointer(doc, $ref), depth + 1);
    return Object.keys(siblings).length === 0
      ? target
      : `all(${target},${meaning(doc, siblings, depth + 1)})`;
  }
  const keys = Object.keys(schema)
    .filter((key) => !isAnnotation(key) && !IGNORED.has(key))
    .sort();
  return `{${keys.map((key) => `${key}:${meaning(doc, schema[key], depth + 1)}`).join(',')}}`;
}
